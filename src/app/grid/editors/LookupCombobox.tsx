/**
 * Search as you type over a search lookup (products_brief): the text goes to the server
 * after a pause, the matches (at most 50) list below the input, arrows move, Enter, Tab
 * or a click picks. Focus never leaves the input (an ARIA combobox with
 * aria-activedescendant). The grid's ref editor shows the list in a portal (cells clip);
 * the forms' input shows it inside the dialog (a modal dialog blocks the page outside).
 */
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Values } from '../../i18n/useT.ts';
import { SEARCH_DEBOUNCE_MS, searchLookup } from '../lookupSearch.ts';
import type { EditMove, Row } from '../types.ts';
import './lookupCombobox.css';
import { useListbox } from './useListbox.ts';

/** What finishing the input means: a row picked, the value cleared, or the value kept. */
export type LookupPick = { row: Row } | { cleared: true } | { kept: true };

export interface LookupComboboxProps {
  form: string;
  keyField: string;
  /** The language names are searched in: the one the user reads. */
  language: string;
  labelOf(row: Row): string;
  /** A match as the list shows it (default labelOf): the lookup's own label where the cell shows less (the key alone). */
  optionLabelOf?: (row: Row) => string;
  t(id: string, values?: Values): string;
  /** The text at the start (the current value's label, or a key the user typed into the cell). */
  initialText: string;
  /** The current value's label: finishing with this text keeps the value. */
  currentText: string;
  /** Search the initial text at once (the user started the edit by typing). */
  searchAtStart?: boolean;
  /** The list inside the parent (forms) instead of a portal (grid cells). */
  inline?: boolean;
  autoFocus?: boolean;
  id?: string;
  className?: string;
  ariaLabel?: string;
  ariaInvalid?: boolean;
  ariaDescribedBy?: string;
  ariaRequired?: boolean;
  disabled?: boolean;
  /** Set when the value may not be cleared (a required grid cell): why, shown on an empty finish. */
  clearRefused?: string;
  onPick(pick: LookupPick, move?: EditMove): void;
  /** Escape with the list closed. */
  onEscape(): void;
  /** Focus went elsewhere without a pick. */
  onLeave(text: string): void;
}

interface Result {
  status: 'loading' | 'done' | 'error';
  rows: Row[];
  total: number;
}

/** A search on its way (the list shows what it had, and says it is searching). */
const searching = (r: Result | null): Result => ({ status: 'loading', rows: r?.rows ?? [], total: r?.total ?? 0 });

export function LookupCombobox(p: LookupComboboxProps) {
  const [text, setText] = useState(p.initialText);
  // An edit started by typing searches that text at once: the list opens with the first render.
  const [result, setResult] = useState<Result | null>(() => (p.searchAtStart && p.initialText.trim() ? searching(null) : null));
  const [open, setOpen] = useState(() => !!(p.searchAtStart && p.initialText.trim()));
  const [active, setActive] = useState(-1);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const seq = useRef(0);
  const listId = `${useId()}-list`;
  const { form } = p;

  /** Drops the search waiting for its pause, and any answer still to come. */
  const stop = () => {
    clearTimeout(timer.current);
    seq.current += 1;
  };
  /** Asks the server for a text after the pause (answers to older texts are dropped). */
  const ask = (query: string) => {
    stop();
    const n = seq.current;
    timer.current = setTimeout(() => {
      searchLookup(form, query, p.language).then(
        (a) => {
          if (n !== seq.current) return; // an answer to an older text
          setResult({ status: 'done', rows: a.rows, total: a.total });
          setActive(a.rows.length ? 0 : -1);
        },
        (e: unknown) => {
          if (n !== seq.current) return;
          console.warn(`lookup ${form}: search failed`, e);
          setResult({ status: 'error', rows: [], total: 0 });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
  };
  const search = (q: string) => {
    const query = q.trim();
    if (!query) {
      stop();
      setResult(null);
      setOpen(false);
      return;
    }
    setOpen(true);
    setResult(searching);
    ask(query);
  };

  // The start of the edit, once at mount (the list of a typed start is open already).
  const start = useEffectEvent(() => {
    if (p.autoFocus) {
      input.current?.focus({ preventScroll: true });
      if (p.searchAtStart) input.current?.setSelectionRange(text.length, text.length);
      else input.current?.select();
    }
    const query = p.initialText.trim();
    if (p.searchAtStart && query) ask(query);
  });
  useEffect(() => {
    start();
    return () => {
      clearTimeout(timer.current);
      seq.current += 1;
    };
  }, []);

  useListbox(open, () => setOpen(false), input, listId, active);

  const pick = (pk: LookupPick, move?: EditMove) => {
    stop();
    if ('row' in pk) setText(p.labelOf(pk.row));
    setOpen(false);
    setResult(null);
    setInvalid(false);
    p.onPick(pk, move);
  };

  /** Enter or Tab: the active match, else what the text says; false when it says nothing yet. */
  const finish = (move?: EditMove): boolean => {
    const rows = result?.status === 'done' ? result.rows : [];
    const typed = text.trim();
    let pk: LookupPick | undefined;
    if (open && active >= 0 && rows[active]) pk = { row: rows[active] };
    else if (!typed) pk = p.clearRefused === undefined ? { cleared: true } : undefined;
    else if (text === p.currentText) pk = { kept: true };
    else {
      // A typed key, or the only match.
      const row = rows.find((r) => String(r[p.keyField]).toLowerCase() === typed.toLowerCase()) ?? (rows.length === 1 ? rows[0] : undefined);
      if (row) pk = { row };
    }
    if (pk) {
      pick(pk, move);
      return true;
    }
    setInvalid(true);
    if (!open && typed) search(text);
    return false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Keys typed here are the input's, never the grid's.
    e.stopPropagation();
    const rows = result?.rows ?? [];
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) search(text);
        else if (rows.length) setActive((i) => (i + 1) % rows.length);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (open && rows.length) setActive((i) => (i <= 0 ? rows.length - 1 : i - 1));
        return;
      case 'Enter':
        e.preventDefault();
        // In a cell Enter moves down after the pick, as in every cell editor (editKeys.ts).
        finish(p.inline ? undefined : e.shiftKey ? 'up' : 'down');
        return;
      case 'Tab':
        finish(e.shiftKey ? 'prev' : 'next');
        // In a cell the grid moves on after the pick (or the editor stays); in a form the browser moves the focus.
        if (!p.inline) e.preventDefault();
        return;
      case 'Escape':
        if (e.defaultPrevented) return; // closed the list (capture listener above)
        p.onEscape();
        return;
    }
  };

  const popup = open && result && (
    <LookupPopup
      listId={listId}
      result={result}
      active={active}
      anchor={input}
      inline={!!p.inline}
      labelOf={p.optionLabelOf ?? p.labelOf}
      t={p.t}
      onHover={setActive}
      onPick={(row) => pick({ row })}
    />
  );
  const activeId = open && active >= 0 && result?.rows[active] ? `${listId}-${active}` : undefined;
  return (
    <span className={`lookup-combobox${p.inline ? ' lookup-combobox-inline' : ''}`}>
      <input
        ref={input}
        id={p.id}
        className={p.className}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-label={p.ariaLabel}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={p.ariaInvalid || invalid || undefined}
        aria-describedby={p.ariaDescribedBy}
        aria-required={p.ariaRequired || undefined}
        title={invalid && !text.trim() ? p.clearRefused : undefined}
        disabled={p.disabled}
        placeholder={p.t('forms.search_placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
          search(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!input.current || document.activeElement === input.current) return;
          if (typeof document !== 'undefined' && !document.hasFocus()) return; // another window
          stop();
          setOpen(false);
          p.onLeave(text);
        }}
      />
      {/* A grid's list goes to the page's main landmark, where landmark navigation finds it (axe: region; fixed, so placed alike). */}
      {popup && (p.inline ? popup : createPortal(popup, document.querySelector('main') ?? document.body))}
    </span>
  );
}

interface PopupProps {
  listId: string;
  result: Result;
  active: number;
  /** The input (the popup of a cell is placed by it; it is there before the popup's layout effect runs). */
  anchor: RefObject<HTMLElement | null>;
  inline: boolean;
  labelOf(row: Row): string;
  t(id: string, values?: Values): string;
  onHover(i: number): void;
  onPick(row: Row): void;
}

/** The matches and a line saying how the search went. A press inside never takes the focus. */
function LookupPopup({ listId, result, active, anchor, inline, labelOf, t, onHover, onPick }: PopupProps) {
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    const el = anchor.current;
    if (inline || !el) return;
    const update = () => {
      const r = el.getBoundingClientRect();
      const below = window.innerHeight - r.bottom;
      const up = below < 240 && r.top > below;
      setPlace({
        position: 'fixed',
        left: Math.max(4, Math.min(r.left, window.innerWidth - 324)),
        minWidth: Math.max(r.width, 320),
        ...(up ? { bottom: window.innerHeight - r.top + 2, maxHeight: Math.min(320, r.top - 8) } : { top: r.bottom + 2, maxHeight: Math.min(320, below - 8) }),
      });
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [anchor, inline]);

  let status: string | null = null;
  if (result.status === 'loading' && !result.rows.length) status = t('forms.searching');
  else if (result.status === 'error') status = t('forms.search_failed');
  else if (result.status === 'done' && !result.rows.length) status = t('forms.search_no_match');
  else if (result.status === 'done' && result.total > result.rows.length) status = t('forms.search_more', { count: result.rows.length });
  return (
    <div
      className={`lookup-popup${inline ? ' lookup-popup-inline' : ''}`}
      style={place}
      aria-busy={result.status === 'loading' || undefined}
      onMouseDown={(e) => e.preventDefault()}
      // A portal's events bubble through the React tree: the grid's delegated handlers must not see them.
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <ul id={listId} role="listbox" className="lookup-options">
        {result.rows.map((row, i) => (
          <li
            key={i}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'lookup-option lookup-option-active' : 'lookup-option'}
            onMouseMove={() => i !== active && onHover(i)}
            onClick={() => onPick(row)}
          >
            {labelOf(row)}
          </li>
        ))}
      </ul>
      {status && (
        <div className="lookup-status" role="status">
          {status}
        </div>
      )}
    </div>
  );
}
