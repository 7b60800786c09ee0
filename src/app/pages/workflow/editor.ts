/**
 * What the workflow diagram changes (issue 48): states and events added, renamed, reordered,
 * retired and deleted, an event's button and the roles that may press it — each through the
 * /fsm screens' own forms (fsm_states, fsm_events, fsm_event_roles), so the diagram and the
 * grids share the rights of those pages, the server's rules (a change that would strand records
 * is refused, naming them) and the change log.
 */
import { api } from '../../api/client.ts';
import type { Board, BoardState } from './board.ts';

/** The diagram's own page rights: those of the forms it writes through. */
export const STATES_PAGE = '/fsm/fsm_states';
export const EVENTS_PAGE = '/fsm/fsm_events';

type BoardEvent = Board['events'][number];

/**
 * A code for a name typed ("Waiting for review" → waiting_for_review; letters without their
 * accents, anything else an underscore), as the definitions' codes are written: a–z first, at
 * most 40. The user may change it before saving; the server checks it again.
 */
export function codeFrom(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const code = /^[a-z]/.test(base) ? base : `s_${base}`;
  return code.slice(0, 40).replace(/_+$/, '');
}

/** A multi-language name with the text of one language changed (the others kept). */
export const renamed = (names: Record<string, string>, lang: string, text: string): Record<string, string> => ({ ...names, [lang]: text.trim() });

export const addState = (type: string, code: string, names: Record<string, string>, final: boolean) =>
  api.action('fsm_states', 'add', { type_code: type, state_code: code, state_names: names, final_state: final });

export const setState = (s: BoardState, fields: Partial<Pick<BoardState, 'state_names' | 'retired' | 'final_state'>>) =>
  api.action('fsm_states', 'set', { state_id: s.state_id, row_version: s.row_version, ...fields });

export const deleteState = (s: BoardState) => api.action('fsm_states', 'delete', { keys: [s.state_id] });

/**
 * One state or event moved one place earlier (-1) or later (+1) among its type's: every
 * position written anew (1, 2, 3 …) in one bulk set, so equal or missing positions cannot
 * keep the order from changing. Nothing to do at either end.
 */
export async function move<T extends { position: number; row_version: number }>(form: 'fsm_states' | 'fsm_events', key: 'state_id' | 'event_id', items: readonly T[], item: T, by: -1 | 1) {
  const order = [...items];
  const i = order.indexOf(item);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return false;
  [order[i], order[j]] = [order[j]!, order[i]!];
  const rows = order.flatMap((x, n) => (x.position === n + 1 ? [] : [{ [key]: (x as unknown as Record<string, number>)[key], row_version: x.row_version, position: n + 1 }]));
  if (rows.length) await api.action(form, 'set', { rows });
  return true;
}

/** An event's parts the editor changes. */
export interface EventDraft {
  code: string;
  names: Record<string, string>;
  variant: string;
  icon: string;
  email: boolean;
  retired: boolean;
  /** The roles that may press it (by id); none: everyone with the Events right. */
  roles: ReadonlySet<number>;
}

/** A role as the event's checkbox grid lists it. */
export interface RoleChoice {
  role_id: number;
  role_code: string;
  role_name: Record<string, string>;
  active: boolean;
  may_press: boolean;
}

/**
 * The roles and which of them may press the event. A new event (`clear`) reads another event's
 * rows — every event lists every role — with no box ticked.
 */
export async function loadRoles(eventId: number | undefined, clear = false): Promise<RoleChoice[]> {
  if (eventId === undefined) return [];
  const r = await api.action<'ListOutput'>('fsm_event_roles', 'list', { startRow: 0, endRow: 500, filterModel: { event_id: { filterType: 'number', type: 'equals', filter: eventId } } });
  const rows = r.rows as unknown as RoleChoice[];
  return clear ? rows.map((x) => ({ ...x, may_press: false })) : rows;
}

/** The event's roles as ticked: the changed checkboxes in one bulk set. */
async function saveRoles(eventId: number, before: readonly RoleChoice[], roles: ReadonlySet<number>) {
  const rows = before.filter((r) => r.may_press !== roles.has(r.role_id)).map((r) => ({ event_id: eventId, role_id: r.role_id, may_press: roles.has(r.role_id) }));
  if (rows.length) await api.action('fsm_event_roles', 'set', { rows });
}

const eventFields = (d: EventDraft) => ({ event_names: d.names, bv_variant: d.variant, bv_icon: d.icon || null, email: d.email, retired: d.retired });

/** A new event of the type, then its roles; answers its id. */
export async function addEvent(type: string, d: EventDraft, roles: readonly RoleChoice[]): Promise<number> {
  const r = await api.action<'AddOutput'>('fsm_events', 'add', { type_code: type, event_code: d.code, ...eventFields(d) });
  const id = Number(r.row.event_id);
  await saveRoles(id, roles, d.roles);
  return id;
}

/** An event's changes, then its roles'. */
export async function saveEvent(e: BoardEvent, d: EventDraft, roles: readonly RoleChoice[]) {
  await api.action('fsm_events', 'set', { event_id: e.event_id, row_version: e.row_version, ...eventFields(d) });
  await saveRoles(e.event_id, roles, d.roles);
}

export const deleteEvent = (e: BoardEvent) => api.action('fsm_events', 'delete', { keys: [e.event_id] });
