import { buttonActions, eventName, type FsmAction } from '../../../core/workflowActions.ts';
import type { CellRenderer } from '../types.ts';

const actionsOf = (v: unknown): FsmAction[] => (Array.isArray(v) ? buttonActions(v as FsmAction[]) : []);

/**
 * A workflow row's fsm_actions: those shown as buttons (show_in_fsm_buttons), each styled
 * by its bv_variant (renderers.css: danger unless another is known) and named (the icons are the menu's and the confirmation's, lazily
 * loaded: the list route stays within its budget); copied as their names. Display only: the
 * grid's delegated click handler fires them (data-action="fsm", data-event). Only for a user
 * who may run the events (`ctx.canEvents`, migration 094): else the cell is empty.
 */
export const fsmButtons: CellRenderer = {
  text: ({ value, ctx }) => (ctx.canEvents ? actionsOf(value) : []).map((a) => eventName(a, ctx.lang)).join(', '),
  render: ({ value, ctx }) => (
    <span className="cell-fsm-buttons">
      {(ctx.canEvents ? actionsOf(value) : []).map((a) => (
        <button key={a.event_code} type="button" className="cell-fsm-button" data-variant={String(a.params.bv_variant ?? '')} data-action="fsm" data-event={a.event_code} tabIndex={-1}>
          {eventName(a, ctx.lang)}
        </button>
      ))}
    </span>
  ),
};
