/**
 * The set filter's list (SetFilter.tsx): a search box over the values' texts, select all /
 * none (of the values the search shows), "(empty)", and one checkbox per value. Keyboard:
 * the search box has the focus on opening; ArrowDown moves into the list, arrows move
 * between the checkboxes, Space toggles, Esc closes (the popover's).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Choice } from '../choices.ts';
import { BLANK_CHOICE, choiceValue } from '../filters.ts';
import type { CellCtx } from '../types.ts';

/** The filter's props (SetFilter.tsx, which loads this list with the popover). */
export interface SetFilterProps {
  field: string;
  /** The column's label (the button's and the list's name). */
  label: string;
  value: unknown;
  /** The column's values as the filter lists them (strings: `String(value)`), "(empty)" first when the column may be empty. */
  choices: () => Choice[];
  canBeEmpty: boolean;
  ctx: CellCtx;
  onChange(value: string | undefined): void;
}

type Props = SetFilterProps & { picked: string[] };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export default function SetFilterPanel({ field, label, choices, canBeEmpty, ctx, picked, onChange }: Props) {
  const [search, setSearch] = useState('');
  const listRef = useRef<HTMLFieldSetElement>(null);
  const all: Choice[] = [...(canBeEmpty ? [{ value: BLANK_CHOICE, label: ctx.t('grid.group_empty') }] : []), ...choices()];
  const needle = fold(search.trim());
  const shown = needle ? all.filter((c) => fold(c.label).includes(needle)) : all;
  const picks = new Set(picked);
  // In the list's order; nothing picked is no filter (every value picked is one: it leaves out rows of no listed value).
  const apply = (next: Set<string>) => onChange(choiceValue(all.map((c) => String(c.value)).filter((v) => next.has(v))));
  const toggle = (v: string, on: boolean) => {
    const next = new Set(picks);
    if (on) next.add(v);
    else next.delete(v);
    apply(next);
  };
  const setShown = (on: boolean) => {
    const next = new Set(picks);
    for (const c of shown) {
      if (on) next.add(String(c.value));
      else next.delete(String(c.value));
    }
    apply(next);
  };
  const boxes = () => [...(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
  const onListKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const list = boxes();
    const at = list.indexOf(document.activeElement as HTMLInputElement);
    list[Math.max(0, Math.min(list.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    e.preventDefault();
  };
  return (
    <div className="grid-set-body">
      <input
        // The list may arrive after the popover opened (its chunk): the search takes the focus itself.
        autoFocus
        type="search"
        className="grid-set-search"
        aria-label={ctx.t('grid.filter_search_values')}
        placeholder={ctx.t('grid.filter_search_values')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            boxes()[0]?.focus();
            e.preventDefault();
          }
        }}
      />
      <div className="grid-set-actions">
        <button type="button" className="grid-set-all" onClick={() => setShown(true)}>
          {ctx.t('grid.filter_select_all')}
        </button>
        <button type="button" className="grid-set-none" onClick={() => setShown(false)}>
          {ctx.t('grid.filter_select_none')}
        </button>
      </div>
      <fieldset ref={listRef} className="grid-set-list" data-field={field} onKeyDown={onListKey}>
        <legend className="visually-hidden">{label}</legend>
        {shown.map((c) => {
          const v = String(c.value);
          return (
            <label key={v} className="grid-set-item" data-value={v}>
              <input type="checkbox" checked={picks.has(v)} onChange={(e) => toggle(v, e.target.checked)} />
              <span>{c.label}</span>
            </label>
          );
        })}
        {!shown.length && <p className="grid-muted">{ctx.t('grid.filter_no_values')}</p>}
      </fieldset>
    </div>
  );
}
