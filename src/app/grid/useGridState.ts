/**
 * The grid's column state (columnState.ts), restored per user per screen from
 * `grid_state` BEFORE the first rows are fetched (the grid waits for `ready`: no double
 * fetch), and saved back ~800 ms after the user's last change — only after a change by
 * the user, never for the restore itself (at once when the grid unmounts or the page is
 * left, so a reload right after a change keeps it). Restored states are kept for the session, so
 * coming back to a screen does not wait for the server again; the user's changes update
 * that copy at once (a grid mounted before the save, e.g. after a language switch, starts from them). The saved view applied
 * (views/marks.ts) is saved with the state, and restored with it as the views menu's mark.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { session } from '../session/session.ts';
import type { GridModel } from './columns.ts';
import { defaultViewState, fromSaved, toSaved, trusted, type CheckedSaved, type SavedState, type ViewState } from './columnState.ts';
import type { GridStateSetParams } from './dataProvider/contract.ts';
import { requestHeaders } from '../../core/headers.ts';
import { loadGridState, saveGridState } from './gridApi.ts';
import { canon, getMark, gridKey, onMarks, setMark } from './views/marks.ts';

export const SAVE_DELAY_MS = 800;

/** Saved states by user and form, checked; null: the user has none (or the server could not say). */
const cache = new Map<string, CheckedSaved | null>();

/** The shape check of states from the server (valibot): its own chunk, asked for beside the state's request. */
const loadShape = () => import('./savedShape.ts');

/** grid_state `set` as a keepalive fetch (sendBeacon cannot send the Authorization header), with the client's headers. */
function saveOnLeave(form: string, state: SavedState, view_id: number | null): Promise<unknown> {
  const s = session.get();
  const payload: GridStateSetParams = { form, state, view_id };
  return fetch('/rpc/api_action', {
    method: 'POST',
    keepalive: true,
    headers: requestHeaders({ host: location.host, token: s.token, company: s.company }),
    body: JSON.stringify({ entity: 'grid_state', action: 'set', payload }),
  });
}

export interface GridStateApi {
  state: ViewState;
  /** Restored (or not persisted): rows may be fetched. */
  ready: boolean;
  /** Bumps when the state was replaced from outside the inputs (restore, view, reset): filter inputs re-read it. */
  epoch: number;
  /** A change by the user: applied and saved after a pause. `replace`: the filter inputs show the new values. */
  change(update: (s: ViewState) => ViewState, replace?: boolean): void;
}

export function useGridState(form: string, model: GridModel, persist: boolean): GridStateApi {
  const key = gridKey(form);
  const [st, setSt] = useState<{ state: ViewState; ready: boolean; epoch: number }>(() => {
    if (!persist) return { state: defaultViewState(model), ready: true, epoch: 0 };
    if (cache.has(key)) {
      return { state: fromSaved(cache.get(key) ?? null, model), ready: true, epoch: 0 };
    }
    return { state: defaultViewState(model), ready: false, epoch: 0 };
  });
  const [changes, setChanges] = useState(0);
  // The user's changes before the restore arrived (a filter typed at once): replayed on it, not lost.
  const early = useRef<((s: ViewState) => ViewState)[]>([]);
  const readyNow = useRef(st.ready);
  readyNow.current = st.ready;
  const latest = useRef(st.state);
  latest.current = st.state;
  // The view id the server has (or will have) with the state.
  const viewId = useRef(getMark(key)?.id ?? null);

  // Restore once, before anything is fetched.
  useEffect(() => {
    if (st.ready) return;
    let live = true;
    Promise.all([loadGridState(form), loadShape()]).then(
      ([r, { checkSaved }]) => {
        const row = r.rows.find((x) => x.form === form);
        const saved = checkSaved(row?.state ?? null);
        cache.set(key, saved);
        // The view applied, marked again; it stands for its state as this grid reads it.
        const view = row?.view;
        viewId.current = view?.view_id ?? null;
        if (view) setMark(key, { id: view.view_id, name: view.name, state: canon(toSaved(fromSaved(checkSaved(view.state), model), model)) });
        const replay = early.current.splice(0);
        if (live) setSt((s) => ({ state: saved ? replay.reduce((x, u) => u(x), fromSaved(saved, model)) : s.state, ready: true, epoch: s.epoch + 1 }));
      },
      (e: unknown) => {
        console.warn('grid: grid_state could not be read', e);
        cache.set(key, null);
        if (live) setSt((s) => ({ ...s, ready: true }));
      },
    );
    return () => {
      live = false;
    };
    // Once per grid (a new form is a new grid).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Save after the user's changes settle. A pending save is flushed when the grid goes
  // (unmount), and when the page is left or hidden (reload, closed tab): then with a
  // keepalive request, which outlives the page.
  const pending = useRef<((leaving?: boolean) => void) | null>(null);
  useEffect(() => {
    if (!persist || changes === 0) return;
    // The session's copy follows the user at once, not after the pause: a grid of the same
    // screen mounted meanwhile starts from it. A language switch does that — the route under
    // the new prefix renders its grid before this one unmounts and flushes its save, and it
    // would otherwise start from the state before the change (filters cleared came back).
    cache.set(key, trusted(toSaved(latest.current, model)));
    pending.current = (leaving) => {
      pending.current = null;
      const saved = toSaved(latest.current, model);
      cache.set(key, trusted(saved));
      const view = getMark(key)?.id ?? null;
      (leaving ? saveOnLeave(form, saved, view) : saveGridState(form, saved, view)).catch((e: unknown) => console.warn('grid: grid_state could not be saved', e));
    };
    const t = setTimeout(() => pending.current?.(), SAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [changes, persist, form, key, model]);
  // A view applied, saved or deleted is saved with the state, even when the grid's state is the same.
  useEffect(
    () =>
      persist
        ? onMarks(() => {
            const id = getMark(key)?.id ?? null;
            if (id !== viewId.current) {
              viewId.current = id;
              setChanges((n) => n + 1);
            }
          })
        : undefined,
    [key, persist],
  );
  useEffect(() => {
    const leave = (e: Event) => (e.type === 'pagehide' || document.hidden) && pending.current?.(true);
    addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', leave);
    return () => {
      removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', leave);
      pending.current?.();
    };
  }, []);

  const change = useCallback((update: (s: ViewState) => ViewState, replace = false) => {
    if (!readyNow.current) early.current.push(update);
    setSt((s) => ({ ...s, state: update(s.state), epoch: replace ? s.epoch + 1 : s.epoch }));
    setChanges((n) => n + 1);
  }, []);

  return { state: st.state, ready: st.ready, epoch: st.epoch, change };
}
