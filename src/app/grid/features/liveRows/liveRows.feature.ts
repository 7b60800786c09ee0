/**
 * A grid's live rows (api/liveRows.ts): when another user (or another tab) changes rows of
 * the form, the rows this grid holds are read again through the list call — with the
 * user's permissions — and patched in place: no reload, the scroll and the active cell stay.
 * Rows with a save of this grid on its way are left to their save's answer. The row whose
 * cell is being edited is not patched: its editor says who changed it and to what
 * (`conflict`), and the row keeps the version the edit started from, so a save is refused
 * by the server's version check (409 `stale_row`, then reloaded and named) instead of
 * overwriting the other user's value; a cancelled edit takes the new row.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LiveConflict, LiveInput } from './liveRowsFollow.ts';

export function useLiveRows(input: LiveInput) {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const [conflict, setConflict] = useState<LiveConflict | null>(null);
  const { form, on } = input;

  useEffect(() => {
    if (!on) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    // What follows the stream is a chunk of its own: the list route does not carry it.
    void import('./liveRowsFollow.ts').then((m) => {
      if (!stopped) stop = m.followRows(form, () => latest.current, setConflict);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [form, on]);

  /** The editor closed: a cancelled edit takes the other user's row; a committed one meets the server's version check. */
  const settle = (rowId: string, committed: boolean) => {
    if (!conflict || conflict.rowId !== rowId) return;
    if (!committed) latest.current.patch(rowId, conflict.row);
    setConflict(null);
  };
  return { conflict, settle };
}
