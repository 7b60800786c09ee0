/** The saved states kept for the session, and the save sent while the page is left. */
import { canon } from '../../../../core/canonJson.ts';
import { requestHeaders } from '../../../../core/headers.ts';
import { session } from '../../../session/session.ts';
import type { SavedState } from '../../columnState.ts';
import type { GridStateSetParams } from '../../dataProvider/contract.ts';

/** A column change waits this long before it is saved (more changes meanwhile: one save). */
export const SAVE_DELAY_MS = 800;

/** Saved states by user and form, checked; null: the user has none (or the server could not say). Read by the route too. */
export { gridStates as cache } from '../../../session/gridStates.ts';

/**
 * What the server holds per grid (gridKey): the state and view last restored or sent, as
 * one text. A save of the same is not sent (a change undone within the pause, a page left
 * right after its save went).
 */
export const held = new Map<string, string>();
export const heldText = (state: unknown, view: number | null) => canon({ state, view });

/** grid_state `set` as a keepalive fetch (sendBeacon cannot send the Authorization header), with the client's headers. */
export function saveOnLeave(form: string, state: SavedState, view_id: number | null): Promise<unknown> {
  const s = session.get();
  const payload: GridStateSetParams = { form, state, view_id };
  return fetch('/rpc/api_action', {
    method: 'POST',
    keepalive: true,
    headers: requestHeaders({ host: location.host, token: s.token, company: s.company }),
    body: JSON.stringify({ entity: 'grid_state', action: 'set', payload }),
  }).then((r) => {
    if (!r.ok) throw new Error(`grid_state set: HTTP ${r.status}`);
    return r;
  });
}
