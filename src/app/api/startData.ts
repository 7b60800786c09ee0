/**
 * The start a signed-in page load brought with it (issue 27; the server's
 * src/server/http/startData.ts): the bootstrap answer and a screen's first rows, written
 * into the page as data. Taken once, and only for exactly the bootstrap request the app
 * would make now: anything else (another currency, the page left meanwhile) asks the server.
 *
 * A grid state saved just before the page was left (a reload, a link out: features/viewState's
 * keepalive save, or its debounced save still under way) may reach the server after this
 * page's own request, whose start was made already: each save notes its form and time in the
 * tab's sessionStorage (`noteStateSave`) until its answer comes (`landedStateSave`; a save of
 * a page left never hears it), and a page whose screen has a recent note lets the grid ask
 * for its state itself (by then the save is in).
 */
import { canon } from '../../core/canonJson.ts';
import { earlyKey, keepEarly } from './early.ts';
import type { RpcInput, RpcOutput } from './types.ts';

interface StartData {
  request: RpcInput<'bootstrap'>;
  bootstrap: RpcOutput<'bootstrap'>;
  rows?: { company: string; form: string; payload: unknown; data: unknown };
}

const SAVED = 'grid-state-saved';
/** A save older than this has long landed. */
const RECENT_MS = 10_000;

/** The tab's recent saves: form → time. */
const savedAt = (): Record<string, number> => JSON.parse(sessionStorage.getItem(SAVED) ?? '{}') as Record<string, number>;

/** Notes (a time) or clears (null) the form's save under way. */
function note(form: string, at: number | null): void {
  try {
    const now = Date.now();
    const recent = Object.fromEntries(Object.entries(savedAt()).filter(([f, t]) => f !== form && now - t < RECENT_MS));
    sessionStorage.setItem(SAVED, JSON.stringify(at === null ? recent : { ...recent, [form]: at }));
  } catch {
    /* storage refused: the page's start is trusted */
  }
}
export const noteStateSave = (form: string) => note(form, Date.now());
export const landedStateSave = (form: string) => note(form, null);

let el: HTMLElement | null | undefined;

/** The page's bootstrap answer for this request (once); its first rows are kept for the grid's own request (api/early.ts). */
export function takeStartBootstrap(request: RpcInput<'bootstrap'>): RpcOutput<'bootstrap'> | undefined {
  if (el !== undefined) return undefined;
  el = document.getElementById('start-data');
  let s: StartData | undefined;
  let saved: Record<string, number> = {};
  try {
    s = el ? (JSON.parse(el.textContent!) as StartData) : undefined;
    saved = savedAt();
  } catch {
    /* no start, or no storage */
  }
  el?.remove();
  if (!s || canon(s.request) !== canon(request)) return undefined;
  const b = s.bootstrap;
  const screen = b.data.screen;
  // The screen's grid state saved just before this page may be newer than the page's: the grid asks for it itself.
  if (screen && Date.now() - (saved[screen.form] ?? 0) < RECENT_MS) return { ...b, data: { ...b.data, screen: { ...screen, grid_state: null } } };
  if (s.rows) keepEarly(earlyKey(s.rows.company, s.rows.form, s.rows.payload), Promise.resolve(s.rows.data));
  return b;
}
