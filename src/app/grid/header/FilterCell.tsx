/**
 * The floating filter of a column: text, numbers and dates debounced; choices (options,
 * refs, yes/no) in a set filter's popover, several at once (SetFilter.tsx), applied at once.
 * Numbers and dates take a value, a comparison (`>10`, `<=31.12.2026`) or a range
 * (`10..20`, numbers also `10-20`), dates typed as the editors read them. One that does
 * not parse (`abc`, `12abc`) is kept as typed but filters nothing — no earlier filter of
 * the column stays applied behind it (toFilterModel leaves it out): the input is marked
 * invalid and says under it, in the UI language, that the filter is not applied (its
 * title says what is accepted).
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { columnChoices } from '../choices.ts';
import { filterItem } from '../filters.ts';
import { SetFilter } from './SetFilter.tsx';
import type { ViewColumn } from '../layout.ts';
import type { CellCtx } from '../types.ts';

const FILTER_DEBOUNCE_MS = 300;

/** `epoch` changes when the filters are replaced from outside (a view applied, a reset, a money filter carried into another view currency): the inputs show the new values. */
export const FilterCell = memo(function FilterCell({
  vc,
  index,
  ctx,
  value,
  epoch,
  onFilter,
  onPrepare,
}: {
  vc: ViewColumn;
  index: number;
  ctx: CellCtx;
  value: unknown;
  epoch: string;
  onFilter(id: string, value: unknown): void;
  /** The text input got the focus (the grid readies the column's filter). */
  onPrepare(id: string): void;
}) {
  const col = vc.col;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Typed text that is no filter yet (waiting for the debounce or Enter) is judged with the filter's value.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typeof value === 'string' ? value : '';
  // Filters replaced from outside (`epoch`): the same input shows the new value — never a new
  // input, which would take the focus and the keys of a user typing while the saved state
  // arrives. Text still in its pause stays: it is applied when the pause is over.
  const inputRef = useRef<HTMLInputElement>(null);
  const shownEpoch = useRef(epoch);
  useLayoutEffect(() => {
    if (shownEpoch.current === epoch) return;
    shownEpoch.current = epoch;
    if (inputRef.current && timer.current === undefined) inputRef.current.value = text;
  }, [epoch, text]);
  const className = `grid-fcell${vc.pinned ? ` cell-pinned cell-pinned-${vc.pinned}` : ''}`;
  if (!col?.filter) {
    return <div role="gridcell" aria-colindex={index + 1} className={className} style={vc.style} />;
  }
  const label = ctx.t(col.labelId);
  const current = value;
  const checked = col.filter === 'number' || col.filter === 'date' || col.filter === 'datetime';
  // The filter's text does not read: it is not applied (and says so).
  const invalid = checked && typeof current === 'string' && current.trim() !== '' && !filterItem(col.filter, current, col, ctx.lang) && typed === null;
  const set = (v: string) => {
    setTyped(null);
    onFilter(vc.id, v === '' ? undefined : v);
  };
  const setLater = (v: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      set(v);
    }, FILTER_DEBOUNCE_MS);
  };
  // Leaving the input applies what was typed at once: the user may be off to another page
  // or language, and the grid (with its state) unmounts before the pause is over.
  const flush = (v: string) => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    set(v);
  };

  let input: ReactNode;
  // A search lookup has too many rows for a list: its column is filtered by typing (part of) a key.
  switch (col.filter === 'ref' && col.lookup?.search ? 'text' : col.filter) {
    case 'option':
    case 'ref':
    case 'bool': {
      // Several values and "(empty)" in a popover list (SetFilter.tsx); choices ordered by what they show (choices.ts).
      const yesNo = () => [
        { value: 'true', label: ctx.t('common.yes') },
        { value: 'false', label: ctx.t('common.no') },
      ];
      input = (
        <SetFilter
          field={col.field}
          label={label}
          value={text}
          choices={col.filter === 'bool' ? yesNo : () => columnChoices(col, ctx)}
          canBeEmpty={col.canBeEmpty}
          ctx={ctx}
          onChange={(v) => onFilter(vc.id, v)}
        />
      );
      break;
    }
    default:
      input = (
        <input
          ref={inputRef}
          className="grid-filter"
          type="text"
          inputMode={col.filter === 'number' ? 'decimal' : undefined}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `filter-invalid-${col.field}` : undefined}
          title={invalid ? ctx.t(col.filter === 'number' ? 'grid.filter_number_invalid' : 'grid.filter_date_invalid') : undefined}
          placeholder={ctx.t(col.filter === 'date' || col.filter === 'datetime' ? 'common.date_format' : 'grid.filter_placeholder')}
          defaultValue={text}
          onChange={(e) => {
            setTyped(e.target.value);
            setLater(e.target.value);
          }}
          onFocus={() => onPrepare(vc.id)}
          onBlur={(e) => flush(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              clearTimeout(timer.current);
              timer.current = undefined;
              set(e.currentTarget.value);
              // Handled: no keypress after it, whose default action would lay out the new rows in this task.
              e.preventDefault();
            }
          }}
        />
      );
  }
  const noteId = `filter-invalid-${col.field}`;
  return (
    <div role="gridcell" aria-colindex={index + 1} data-filter-field={col.field} className={className} style={vc.style}>
      {input}
      {invalid && (
        <span id={noteId} className="grid-filter-invalid" role="alert">
          {ctx.t('grid.filter_not_applied')}
        </span>
      )}
    </div>
  );
});
