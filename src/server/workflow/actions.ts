import { actionContracts } from '../../../schemas/api.ts';
import { implement, type Implementation } from '../actions/implement.ts';
import { trigger } from './trigger.ts';

/*
 * The api_action entities of spec §7. Their page is the workflow type's (a sales order's
 * event needs the `events` right on the sales orders page, migration 094), known only once
 * the instances are read, so the dispatcher lets any signed-in user in and trigger() checks
 * the type's page.
 */

/** `fsm_trigger` and `trigger_fsms` set: {event_code, fsm_instance_id: [...], params}. */
const triggerMany: Implementation<typeof actionContracts.fsm_trigger>['run'] = async ({ db, session }, input) => ({
  rows: (await trigger(db, session, { event_code: input.event_code, ids: input.fsm_instance_id, params: input.params })).rows,
});
export const fsmTrigger = implement(actionContracts.fsm_trigger, triggerMany);
export const triggerFsms = implement(actionContracts.trigger_fsms, triggerMany);

/** `trigger_fsm` set: {event_code, fsm_instance_id, params with email_body or payment}. */
export const triggerFsm = implement(actionContracts.trigger_fsm, async ({ db, session }, input) => {
  const r = await trigger(db, session, { event_code: input.event_code, ids: [input.fsm_instance_id], params: input.params });
  return r.payment ? { rows: r.rows, payment: r.payment } : { rows: r.rows };
});
