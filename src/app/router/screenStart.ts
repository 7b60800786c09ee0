/**
 * A screen's start, begun by its route instead of by the grid once it is there (issue 27):
 *
 * - `preloadScreen`: the ScreenPage chunk, the screen's descriptor chunk and its labels,
 *   asked for at once — on a page load in parallel with the
 *   bootstrap call (router/guards.ts `requireUser`), not after it;
 * - `prefetchFirstRows`: the first block of rows the grid will ask for, from the saved
 *   state the session keeps (gridStates), the bootstrap brought, or the route asks for —
 *   so the list request leaves while the grid's code loads. The grid's own request with
 *   the same payload takes the answer (api/early.ts). A state whose first request the grid
 *   would make differently (filters, groups, a fixed filter in the address) is left to it.
 */
import type { Lang } from '../../core/langs.ts';
import { screenLoaders } from '../../generated/routes.ts';
// On the list route: each call from its own module, not the namespace of all (api/actions.ts), which would bring them all.
import { grid_state_list } from '../../generated/actions/grid_state_list.ts';
import { api } from '../api/client.ts';
import { earlyKey, keepEarly, peekEarly } from '../api/early.ts';
import { resendStateSave } from '../api/startData.ts';
import { firstRequestParts, firstRowsPayload, type FirstRequestParts } from '../../core/firstRows.ts';
import type { GridStateListResult } from '../grid/dataProvider/contract.ts';
import { loadScreenLabels } from '../i18n/screenLabels.ts';
import { loadScreen } from '../pages/loadScreen.ts';
import { firstStateReads, gridStates } from '../session/gridStates.ts';
import { gridKey, session } from '../session/session.ts';

const quiet = (p: Promise<unknown>) => void p.catch(() => {});

/** The ScreenPage chunk's import, the one the route's lazy component uses (routeKinds.tsx): one import site, so the entry carries no second preload of it. */
let screenPage: () => Promise<unknown> = () => Promise.resolve();
export const setScreenPageLoader = (load: () => Promise<unknown>) => {
  screenPage = load;
};

/** Starts loading the code and texts a screen's first paint needs (each import is loaded once; React.lazy's import of ScreenPage finds it). */
export function preloadScreen(form: string, lang: Lang): void {
  quiet(screenPage());
  const descriptor = Object.hasOwn(screenLoaders, form) ? screenLoaders[form] : undefined;
  if (descriptor) quiet(descriptor());
  quiet(loadScreenLabels(lang, form));
}

/**
 * Resolves once what ScreenPage's first render reads is in (its code, the descriptor, the
 * labels, the saved state when its read is on its way), so that render does not suspend
 * and the grid starts restored; a failure resolves too (the page shows it as before).
 */
export function screenReady(form: string, lang: Lang): Promise<void> {
  return Promise.all([screenPage(), loadScreen(form), loadScreenLabels(lang, form), stateFirst(form)]).then(
    () => {},
    () => {},
  );
}

/**
 * The saved state's read the page's start or the route made (savedParts), handed to the grid
 * (gridStates.ts `firstStateReads`): without it the grid renders once
 * unrestored, reads the state in an effect, renders again and only then asks for its rows.
 * No read on its way (the session's copy is there, a fixed filter): the grid does as before.
 */
async function stateFirst(form: string): Promise<void> {
  const key = gridKey(form);
  const answer = gridStates.has(key) ? undefined : (peekEarly(earlyKey(session.get().company, 'grid_state', { form })) as Promise<GridStateListResult | null> | undefined);
  if (!answer) return;
  const read = await answer;
  if (read && !gridStates.has(key)) firstStateReads.set(key, read.rows);
}

/** The parts of the screen's saved state: the session's copy (checked already), else the server's (kept for the grid's own read). */
async function savedParts(form: string, company: string | undefined): Promise<FirstRequestParts | undefined> {
  const key = gridKey(form);
  if (gridStates.has(key)) {
    const s = gridStates.get(key);
    return { sorting: s?.sorting ?? [], narrows: !!s?.columnFilters?.length || !!s?.grouping?.length };
  }
  const stateKey = earlyKey(company, 'grid_state', { form });
  let answer = peekEarly(stateKey) as Promise<GridStateListResult | null> | undefined;
  if (!answer) {
    // A save the last page may have left under way goes first (api/startData.ts).
    // Fresh: the answer kept under this key is this very request (taking it, it waited for itself).
    answer = resendStateSave(form, key).then(() => grid_state_list({ form }, { fresh: true }));
    keepEarly(stateKey, answer);
  }
  return firstRequestParts((await answer)?.rows.find((x) => x.form === form)?.state ?? null);
}

/** Asks for the screen's first block of rows as the grid will (gridApi.ts `fetchWindow`), unless it is on its way already. */
export async function prefetchFirstRows(form: string, fixedFilter: boolean): Promise<void> {
  const { token, company, lang } = session.get();
  // No company known (none chosen in this browser yet, or she works in none: a company's screen then says so, pages/NoCompany.tsx): the grid asks.
  if (!token || fixedFilter || !company) return;
  const payload = firstRowsPayload(await savedParts(form, company).catch(() => undefined), lang);
  if (!payload) return;
  // The session changed meanwhile (a company switch): the grid's request will not be this one.
  if (session.get().company !== company || session.get().lang !== lang) return;
  const key = earlyKey(company, form, payload);
  if (peekEarly(key)) return;
  keepEarly(key, api.action<'ListOutput'>(form, 'list', payload));
}
