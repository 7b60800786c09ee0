/**
 * The start a signed-in page load brought with it (issue 27; the server's
 * src/server/http/startData.ts): the bootstrap answer and a screen's first rows, written
 * into the page as data. Taken once, and only for the bootstrap request the app would make
 * now (`sameRequest`): anything else (another currency, the page left meanwhile) asks the server.
 *
 * A grid state saved just before the page was left (a reload, a link out: features/viewState's
 * keepalive save, or its debounced save still under way) may reach the server after this
 * page's own requests: each save notes what it sends in the tab's sessionStorage
 * (`noteStateSave`) until its answer comes (`landedStateSave`; a save of a page left never
 * hears it). A page whose screen has a recent note that its start's state does not hold
 * (the save landed after the page was made, or not yet) drops the start's state and rows, and
 * its first read of the state sends the noted save again and waits for it (`resendStateSave`):
 * the read then finds what the user left, whichever of the two saves the server gets first
 * (both write the same).
 */
import { canon } from '../../core/canonJson.ts';
import { viewCurrency } from '../../core/viewCurrency.ts';
import { keepStartCaptions } from '../i18n/startCaptions.ts';
import type { ShippedMessages } from '../../core/catalogue.ts';
// On the list route: the call from its own module, not the namespace of all (./actions.ts), which would bring them all.
import { grid_state_set } from '../../generated/actions/grid_state_set.ts';
import { earlyKey, keepEarly } from './early.ts';
import type { RpcInput, RpcOutput } from './types.ts';

export interface StartData {
  request: RpcInput<'bootstrap'>;
  bootstrap: RpcOutput<'bootstrap'>;
  rows?: { company: string; form: string; payload: unknown; data: unknown };
  captions?: { lang: string; messages: ShippedMessages };
}

const SAVED = 'grid-state-saved';
/** A save older than this has long landed. */
const RECENT_MS = 10_000;

/** What a grid_state save sends. */
interface StateSave {
  form: string;
  state: Record<string, unknown>;
  view_id: number | null;
}

/** A save under way: when, by whom (gridKey), and what it sends. */
interface Noted {
  at: number;
  key: string;
  payload: StateSave;
}

/** The tab's recent saves by form. */
function savedAt(): Record<string, Noted> {
  const all = JSON.parse(sessionStorage.getItem(SAVED) ?? '{}') as Record<string, Noted>;
  const now = Date.now();
  return Object.fromEntries(Object.entries(all).filter(([, n]) => typeof n?.at === 'number' && now - n.at < RECENT_MS));
}

/** Notes or clears (null) the form's save under way. */
function note(form: string, noted: Noted | null): void {
  try {
    const { [form]: _gone, ...rest } = savedAt();
    sessionStorage.setItem(SAVED, JSON.stringify(noted ? { ...rest, [form]: noted } : rest));
  } catch {
    /* storage refused: the page's start is trusted */
  }
}
/** A grid state save is sent (`key`: the grid's gridKey, user and form). */
export const noteStateSave = (key: string, payload: StateSave) => note(payload.form, { at: Date.now(), key, payload });
export const landedStateSave = (form: string) => note(form, null);

const resent = new Map<string, Promise<void>>();
/**
 * Before the form's state is read: a save of the last page that may not have landed is
 * sent again, and waited for (once per page load; a failure leaves the read as it is).
 */
export function resendStateSave(form: string, key: string): Promise<void> {
  let p = resent.get(form);
  if (!p) {
    let n: Noted | undefined;
    try {
      n = savedAt()[form];
    } catch {
      /* no storage */
    }
    p =
      n && n.key === key
        ? grid_state_set(n.payload).then(
            () => landedStateSave(form),
            () => {},
          )
        : Promise.resolve();
    resent.set(form, p);
  }
  return p;
}

/**
 * Whether the page's start answers this request: the same page and form, and a currency
 * that makes the same view currency (a page left just before set the currency cookie the
 * server had not seen: the server chose that one too).
 */
export function sameRequest(s: StartData, request: RpcInput<'bootstrap'>): boolean {
  const cur = s.bootstrap.data.currencies;
  const chosen = (code: string | null | undefined) => viewCurrency(code, cur.currencies, cur.company_rates, cur.currency?.currency_code);
  return (
    canon({ ...s.request, currency_code: null }) === canon({ ...request, currency_code: null }) &&
    (s.request.currency_code === request.currency_code || chosen(s.request.currency_code) === chosen(request.currency_code))
  );
}

/** Whether a state answer (grid_state list) holds what the save sent. */
function landedIn(answer: { rows?: { form: string; state: unknown; view?: unknown }[] } | null | undefined, save: StateSave): boolean {
  const row = answer?.rows?.find((r) => r.form === save.form);
  const view = (row?.view as { view_id?: number } | null | undefined)?.view_id ?? null;
  return !!row && canon(row.state) === canon(save.state) && view === (save.view_id ?? null);
}

let el: HTMLElement | null | undefined;

/**
 * The page's bootstrap answer for this request (once); its first rows are kept for the grid's
 * own request (api/early.ts). The app's code runs while the page still streams (its entry is
 * async: server/http/app.ts), so the start is read once the page is parsed.
 */
export async function takeStartBootstrap(request: RpcInput<'bootstrap'>): Promise<RpcOutput<'bootstrap'> | undefined> {
  await parsed();
  return takeStart(request);
}

/** Resolves once the document is parsed (the start, at the page's end, is in). */
const parsed = (): Promise<void> => (document.readyState === 'loading' ? new Promise((r) => document.addEventListener('DOMContentLoaded', () => r(), { once: true })) : Promise.resolve());

function takeStart(request: RpcInput<'bootstrap'>): RpcOutput<'bootstrap'> | undefined {
  if (el !== undefined) return undefined;
  el = document.getElementById('start-data');
  let s: StartData | undefined;
  let saved: Record<string, Noted> = {};
  try {
    s = el ? (JSON.parse(el.textContent) as StartData) : undefined;
    saved = savedAt();
  } catch {
    /* no start, or no storage */
  }
  el?.remove();
  // The captions hold whatever the request: the page's language's (i18n/startCaptions.ts).
  keepStartCaptions(s?.captions);
  if (!s || !sameRequest(s, request)) return undefined;
  const b = s.bootstrap;
  const screen = b.data.screen;
  const noted = screen ? saved[screen.form] : undefined;
  if (screen && noted) {
    // The page's state is the noted save's: it landed before the page was made.
    if (landedIn(screen.grid_state, noted.payload)) landedStateSave(screen.form);
    // Else the save just before this page may be newer than the page's: the grid asks for the state itself.
    else return { ...b, data: { ...b.data, screen: { ...screen, grid_state: null } } };
  }
  if (s.rows) keepEarly(earlyKey(s.rows.company, s.rows.form, s.rows.payload), Promise.resolve(s.rows.data));
  return b;
}
