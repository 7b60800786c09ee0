/**
 * Views and state saving: the grid's column state (columnState.ts — TanStack Table's state
 * slices plus the totals settings), restored per user per screen from `grid_state` BEFORE
 * the first rows are fetched (the grid waits for `ready`: no double fetch), and saved by
 * the change path itself: every change by the user schedules the save (~800 ms after the
 * last one; at once when the grid unmounts, and with a keepalive request when the page is
 * left or hidden, so a reload right after a change keeps it). The restore itself is never
 * saved, nor is a save of what the server holds already (`held`). No effect watches the state.
 *
 * Restored states are kept for the session, so coming back to a screen does not wait for
 * the server again; a change updates that copy at once (a grid mounted before the save,
 * e.g. after a language switch, starts from it). The saved view applied (marks.ts)
 * is saved with the state, and restored with it as the views menu's mark.
 */
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GridModel } from '../../columns.ts';
import { defaultViewState, fromSaved, inViewCurrency, toSaved, trusted, type ViewState } from '../../columnState.ts';
import { loadGridState, saveGridState } from '../../gridApi.ts';
import type { CellSession } from '../../types.ts';
import { canon, getMark, gridKey, onMarks, setMark } from './marks.ts';
import type { GridStateApi, ViewStateApi } from './viewState.types.ts';
import { landedStateSave, noteStateSave } from '../../../api/startData.ts';
import { checkedByServer, firstStateReads } from '../../../session/gridStates.ts';
import { useSession } from '../../../session/session.ts';
import { cache, held, heldText, SAVE_DELAY_MS, saveOnLeave } from './viewState.utils.ts';

/** The rows of a `grid_state` read (their states checked by the server). */
type StateRows = Awaited<ReturnType<typeof loadGridState>>['rows'];

function useGridState(form: string, model: GridModel, persist: boolean): GridStateApi {
  const key = gridKey(form);
  // The state's read the route had answered before this grid was there (session/gridStates.ts): the grid starts restored.
  const [first] = useState(() => (persist && !cache.has(key) ? firstStateReads.get(key) : undefined));
  const [st, setSt] = useState<{ state: ViewState; ready: boolean; epoch: number }>(() => {
    if (!persist) return { state: defaultViewState(model), ready: true, epoch: 0 };
    if (cache.has(key)) return { state: fromSaved(cache.get(key) ?? null, model), ready: true, epoch: 0 };
    if (first) return { state: fromSaved(checkedByServer(first.find((x) => x.form === form)?.state), model), ready: true, epoch: 0 };
    return { state: defaultViewState(model), ready: false, epoch: 0 };
  });
  // The state as the last change or restore left it (the render catches up with it): changes apply in order.
  const latest = useRef(st.state);
  // The user's changes before the restore arrived (a filter typed at once): replayed on it, not lost.
  const early = useRef<((s: ViewState) => ViewState)[]>([]);
  const readyNow = useRef(st.ready);
  // The view id the server has (or will have) with the state.
  const viewId = useRef(getMark(key)?.id ?? null);

  // The save of the last change, waiting for its pause (or for the page to be left).
  const pending = useRef<((leaving?: boolean) => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Saves sent and not answered yet; with `pending`, what the grid says of its state's saving (data-state-save).
  const sending = useRef(0);
  const [saveState, setSaveState] = useState<GridStateApi['saving']>(null);
  // What a save is of: the grid as last committed (a grid is keyed by its form: in practice these never change).
  const saving = useRef({ persist, key, model, form });
  useLayoutEffect(() => {
    saving.current = { persist, key, model, form };
  }, [persist, key, model, form]);
  const scheduleSave = useCallback(() => {
    const { persist, key, model, form } = saving.current;
    if (!persist) return;
    // The session's copy follows the user at once, not after the pause: a grid of the same
    // screen mounted meanwhile starts from it. A language switch does that — the route under
    // the new prefix renders its grid before this one unmounts and flushes its save, and it
    // would otherwise start from the state before the change (filters cleared came back).
    cache.set(key, trusted(toSaved(latest.current, model)));
    const tell = () => setSaveState(pending.current ? 'waiting' : sending.current ? 'sending' : null);
    pending.current = (leaving) => {
      pending.current = null;
      clearTimeout(timer.current);
      const saved = toSaved(latest.current, model);
      cache.set(key, trusted(saved));
      const view = getMark(key)?.id ?? null;
      const text = heldText(saved, view);
      if (held.get(key) === text) {
        tell();
        return;
      }
      held.set(key, text);
      // Noted until it lands, for the tab's next page load: the server may make its start before (api/startData.ts).
      noteStateSave(key, { form, state: saved, view_id: view });
      sending.current++;
      tell();
      (leaving ? saveOnLeave(form, saved, view) : saveGridState(form, saved, view))
        .then(
          () => landedStateSave(form),
          (e: unknown) => {
            // Not known to be held: the next save goes whatever it holds.
            if (held.get(key) === text) held.delete(key);
            console.warn('grid: grid_state could not be saved', e);
          },
        )
        .finally(() => {
          sending.current--;
          tell();
        });
    };
    tell();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => pending.current?.(), SAVE_DELAY_MS);
  }, []);

  // The restore's answer, read with the grid as it is when it comes.
  const restored = useEffectEvent((rows: StateRows, live: boolean) => {
    const row = rows.find((x) => x.form === form);
    const saved = checkedByServer(row?.state);
    cache.set(key, saved);
    // The view applied, marked again; it stands for its state as this grid reads it.
    const view = row?.view;
    viewId.current = view?.view_id ?? null;
    held.set(key, heldText(row?.state ?? null, viewId.current));
    if (view) setMark(key, { id: view.view_id, name: view.name, state: canon(toSaved(fromSaved(checkedByServer(view.state), model), model)) });
    const replay = early.current.splice(0);
    if (!live) return;
    readyNow.current = true;
    if (saved) latest.current = replay.reduce((x, u) => u(x), fromSaved(saved, model));
    setSt((s) => ({ state: latest.current, ready: true, epoch: s.epoch + 1 }));
  });
  const unreadable = useEffectEvent((live: boolean) => {
    cache.set(key, null);
    if (!live) return;
    readyNow.current = true;
    setSt((s) => ({ ...s, ready: true }));
  });

  // The first render took the route's read: the rest of the restore (the session's copy, what the server holds, the view's mark).
  useLayoutEffect(() => {
    if (!first) return;
    firstStateReads.delete(key);
    restored(first, false);
  }, [first, key]);

  // Restore once, before anything is fetched (a grid is keyed by its form: once per grid).
  const ready = st.ready;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadGridState(form).then(
      (r) => restored(r.rows, live),
      (e: unknown) => {
        console.warn('grid: grid_state could not be read', e);
        unreadable(live);
      },
    );
    return () => {
      live = false;
    };
  }, [form, ready]);

  // A view applied, saved or deleted is saved with the state, even when the grid's state is the same.
  useEffect(
    () =>
      persist
        ? onMarks(() => {
            const id = getMark(key)?.id ?? null;
            if (id === viewId.current) return;
            viewId.current = id;
            scheduleSave();
          })
        : undefined,
    [key, persist, scheduleSave],
  );
  // A pending save goes when the grid does, and with a keepalive request when the page is left or hidden.
  useEffect(() => {
    const leave = (e: Event) => (e.type === 'pagehide' || document.hidden) && pending.current?.(true);
    addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', leave);
    return () => {
      removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', leave);
      pending.current?.();
      clearTimeout(timer.current);
    };
  }, []);

  const change = useCallback(
    (update: (s: ViewState) => ViewState, replace = false) => {
      if (!readyNow.current) early.current.push(update);
      latest.current = update(latest.current);
      const next = latest.current;
      setSt((s) => ({ ...s, state: next, epoch: replace ? s.epoch + 1 : s.epoch }));
      scheduleSave();
    },
    [scheduleSave],
  );

  return { state: st.state, ready: st.ready, epoch: st.epoch, saving: saveState, change };
}

/**
 * The grid's state as the view currency shows it — money filters typed against the
 * amounts shown, carried into another currency (columnState.ts `inViewCurrency`) — and
 * the change path, which stores every change so. The views menu's side when the state is
 * saved per user: a view is the state as stored (money filters in the currency typed in).
 */
export function useViewState(form: string, model: GridModel, persist: boolean, cellSession: CellSession, onApplied: () => void): ViewStateApi {
  const gs = useGridState(form, model, persist);
  // Carried filters are written as the UI language writes numbers (the filter box reads them so).
  const lang = useSession((s) => s.lang);
  const vs = useMemo(() => inViewCurrency(gs.state, model, cellSession, lang), [gs.state, model, cellSession, lang]);
  const gsChange = gs.change;
  const change = useCallback<typeof gsChange>((update, replace) => gsChange((s) => update(inViewCurrency(s, model, cellSession, lang)), replace), [gsChange, model, cellSession, lang]);
  const applied = useRef(onApplied);
  useLayoutEffect(() => {
    applied.current = onApplied;
  });
  const state = gs.state;
  const views = useMemo<ViewStateApi['views']>(
    () =>
      persist
        ? {
            current: () => toSaved(state, model),
            apply: (saved) => {
              change(() => fromSaved(saved, model), true);
              applied.current();
            },
          }
        : undefined,
    [persist, state, model, change],
  );
  return { gs, vs, change, views };
}
