import { buttonActions, eventName, pressable, type FsmAction } from '../../../core/workflowActions.ts';
import type { CellCtx, CellRenderer } from '../types.ts';

/** The row's buttons the user may press: none without the events right, none reserved to roles she lacks. */
const actionsOf = (v: unknown, ctx: CellCtx): FsmAction[] => (ctx.canEvents && Array.isArray(v) ? pressable(buttonActions(v as FsmAction[]), ctx.deniedEvents) : []);

/**
 * A workflow row's fsm_actions: those shown as buttons (show_in_fsm_buttons), each styled
 * by its bv_variant (renderers.css: danger unless another is known) and named (the icons are the menu's and the confirmation's, lazily
 * loaded: the list route stays within its budget); copied as their names. Display only: the
 * grid's delegated click handler fires them (data-action="fsm", data-event). Only for a user
 * who may run the events (`ctx.canEvents`, migration 094): else the cell is empty; not those
 * reserved to roles the user lacks (`ctx.deniedEvents`, migration 122).
 */
export const fsmButtons: CellRenderer = {
  text: ({ value, ctx }) =>
    actionsOf(value, ctx)
      .map((a) => eventName(a, ctx.lang))
      .join(', '),
  render: ({ value, ctx }) => (
    <span className="cell-fsm-buttons">
      {actionsOf(value, ctx).map((a) => (
        <button key={a.event_code} type="button" className="cell-fsm-button" data-variant={String(a.params.bv_variant ?? '')} data-action="fsm" data-event={a.event_code} tabIndex={-1}>
          {eventName(a, ctx.lang)}
        </button>
      ))}
    </span>
  ),
};
