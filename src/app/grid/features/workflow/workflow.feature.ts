/**
 * Workflow actions of a screen whose rows are workflow records (descriptor `workflow`):
 * a row's buttons (the fsmActions renderer marks them data-action="fsm", data-event) and
 * the toolbar's menu over the picked rows — only the actions every picked row offers
 * (core/workflowActions.ts), and only to a user with the events right on the workflow
 * type's page (the session's `event_types`, migration 094): without it neither is shown; an event
 * reserved to roles the user lacks (`denied_events`, migration 122) is not either. An event asks first, then fires through trigger_fsms /
 * trigger_fsm (workflow.trigger.ts, loaded with the first event: the list route does not
 * carry it).
 */
import { useMemo } from 'react';
import { buttonActions, commonActions, pressable, type FsmAction } from '../../../../core/workflowActions.ts';
import type { GridRow, Row } from '../../types.ts';
import type { WorkflowInput } from './workflow.types.ts';

export type { WorkflowInput } from './workflow.types.ts';

const rowActions = (row: Row | undefined): FsmAction[] | null => (Array.isArray(row?.fsm_actions) ? (row.fsm_actions as FsmAction[]) : null);

export function useWorkflow({ screen, q, picks, canFire, denied }: WorkflowInput) {
  // A row's actions the user may press (not those reserved to roles she lacks).
  const actionsOf = (row: Row | undefined) => pressable(rowActions(row), denied);
  const on = !!screen.workflow && canFire;
  const fields = useMemo(() => new Set(Object.keys(screen.columns)), [screen.columns]);

  // The actions over the picked rows; a picked row not loaded counts as one without actions (nothing is offered).
  const picked = on && picks.selCount > 0 ? picks.atHand() : [];
  const menu = on && picked.length === picks.selCount ? commonActions(picked.map((r) => actionsOf(q.current(r.id) ?? r.data))) : [];

  const fire = (action: FsmAction, rows: GridRow[]) => {
    if (on && rows.length) void import('./workflow.trigger.ts').then((m) => m.fireEvent(action, rows, q, fields, screen));
  };

  /** A row's event button (data-action="fsm"): the row's own action of that code. True when it was one. */
  const cellAction = (el: HTMLElement, row: GridRow) => {
    if (el.dataset.action !== 'fsm') return false;
    const action = buttonActions(actionsOf(q.current(row.id) ?? row.data)).find((a) => a.event_code === el.dataset.event);
    if (action) fire(action, [row]);
    return true;
  };

  return { on, menu, cellAction, onMenu: (action: FsmAction) => fire(action, picks.atHand()) };
}
