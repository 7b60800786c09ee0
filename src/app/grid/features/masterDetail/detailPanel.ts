/**
 * The master-detail panel's two rules, kept out of GridView:
 * - which master row it shows: derived from the active row in one place (useDetailRow), so
 *   every change of the active row — click, keys, Ctrl+End once the row is there, paste,
 *   fill, a revealed row, a new sort or filter — moves it; a keyboard move holds the row
 *   shown for a short pause (walking through rows does not load each row's details), and
 *   a group row or a row not loaded yet keeps the row shown. The title names that row.
 * - whether it is open: not yet (it opens with the first click on a data cell), open, or
 *   closed by the user — then only the toolbar's Details button opens it again. Kept per
 *   user and screen for the session.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { displayTextOf } from '../../../../core/lookupDisplay.ts';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { gridKey } from '../viewState/marks.ts';
import type { GridRow, Row } from '../../types.ts';

export type DetailMode = 'open' | 'closed' | undefined;

const modes = new Map<string, DetailMode>();

export function useDetailMode(form: string): [DetailMode, (mode: 'open' | 'closed') => void] {
  const key = gridKey(form);
  const [state, setState] = useState<{ key: string; mode: DetailMode }>(() => ({ key, mode: modes.get(key) }));
  const mode = state.key === key ? state.mode : modes.get(key);
  const set = useCallback(
    (m: 'open' | 'closed') => {
      modes.set(key, m);
      setState({ key, mode: m });
    },
    [key],
  );
  return [mode, set];
}

interface Shown {
  company: string | null;
  id: string;
  /** The row as it was when it became the one shown (while its window is gone). */
  row: Row;
}

/**
 * The master row the panel shows: the active data row, except during a keyboard move's
 * pause (`hold`) and while no data row is active. `release`: show the active row at once.
 * Rows of another company are never shown.
 */
export function useDetailRow(active: GridRow | undefined, company: string | null, delayMs: number) {
  const [held, setHeld] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [shown, setShown] = useState<Shown | null>(null);
  // Adjusted while rendering (no effect): the row shown follows the active one.
  if (!held && active && (shown?.id !== active.id || shown.company !== company)) setShown({ company, id: active.id, row: active.data });
  const hold = useCallback(() => {
    clearTimeout(timer.current);
    setHeld(true);
    timer.current = setTimeout(() => setHeld(false), delayMs);
  }, [delayMs]);
  const release = useCallback(() => {
    clearTimeout(timer.current);
    setHeld(false);
  }, []);
  return { shown: shown && shown.company === company ? shown : null, hold, release };
}

/** "P000005 · Portable Dumbbell L-313": the row's key and its name (the lookup display rule), for the panel's title. */
export function masterTitle(screen: ScreenDescriptor, keys: readonly string[], row: Row, multi: (v: unknown) => string): string {
  const key = keys.map((k) => String(row[k] ?? '')).join('/');
  const name = displayTextOf(screen.columns, keys, row, multi);
  return name ? `${key} · ${name}` : key;
}
