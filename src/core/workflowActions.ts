/**
 * The workflow actions a list row offers (spec §4, §7 fsm_actions) and which of them the
 * toolbar offers over several picked rows. Shared by the server (app.fsm_actions answers
 * these) and the browser.
 */

/** The button styles an event may have (its `bv_variant`); the browser shows any other as danger. */
export const EVENT_VARIANTS = ['primary', 'secondary', 'success', 'danger', 'warning', 'info'] as const;
export type EventVariant = (typeof EVENT_VARIANTS)[number];

/** How the UI offers an event: button variant and icon, a checkbox (its label per language), whether it asks for an e-mail body. */
interface FsmEventParams {
  bv_variant?: string;
  bv_icon?: string;
  checkbox?: Record<string, string>;
  email?: boolean;
  [k: string]: unknown;
}

/** One action of a row's state: app.fsm_actions. `menu`/`button`: the transition's show_in_fsm_actions / show_in_fsm_buttons. */
export interface FsmAction {
  event_code: string;
  event_names: Record<string, string>;
  params: FsmEventParams;
  menu?: boolean;
  button?: boolean;
}

/**
 * The actions a user may press: all but those reserved to roles she holds none of (the
 * session's `denied_events` of the type, migration 122; the server refuses them the same).
 * A row without actions (null) stays without.
 */
export function pressable<T extends readonly FsmAction[] | null | undefined>(actions: T, denied: ReadonlySet<string> | undefined): T {
  if (!actions || !denied?.size) return actions;
  return actions.filter((a) => !denied.has(a.event_code)) as unknown as T;
}

/** The event's name in the language, else in English, else its code. */
export const eventName = (a: FsmAction, lang: string): string => a.event_names[lang] || a.event_names.en || a.event_code;

/** The actions of a row's menu: those shown in fsm_actions (an older answer without the flag: all). */
export const menuActions = (actions: readonly FsmAction[] | null | undefined): FsmAction[] => (actions ?? []).filter((a) => a.menu !== false);

/** The actions shown as buttons in the row itself (show_in_fsm_buttons). */
export const buttonActions = (actions: readonly FsmAction[] | null | undefined): FsmAction[] => (actions ?? []).filter((a) => a.button === true);

/**
 * The actions offered over several rows: only those every row offers (by event code), in
 * the first row's order. A row with none (a final state, an unloaded row: null) empties
 * the set, and no rows offer nothing: an event is fired on all picked rows or on none.
 */
export function commonActions(rows: readonly (readonly FsmAction[] | null | undefined)[]): FsmAction[] {
  if (rows.length === 0) return [];
  const [first, ...rest] = rows.map(menuActions);
  let common = first!;
  for (const actions of rest) {
    const codes = new Set(actions.map((a) => a.event_code));
    common = common.filter((a) => codes.has(a.event_code));
    if (common.length === 0) break;
  }
  return common;
}

/**
 * Whether a row offers the event as its own button: what the row shows is what a toolbar
 * action over the same records accepts (the server refuses the rest, e.g. Receive on an
 * ordered purchase order).
 */
export const offersButton = (actions: readonly FsmAction[] | null | undefined, event: string): boolean => buttonActions(actions).some((a) => a.event_code === event);
