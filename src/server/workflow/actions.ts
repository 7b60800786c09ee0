import { FsmTriggerPayload, TriggerFsmPayload } from '../../../schemas/api.ts';
import type { CustomAction } from '../actions/custom.ts';
import { parseInput } from '../http/errors.ts';
import { trigger } from './trigger.ts';

/*
 * The api_action entities of spec §7. Their page is the workflow type's (a sales order's
 * event needs the `events` right on the sales orders page, migration 094), known only once
 * the instances are read, so the dispatcher lets any signed-in user in and trigger() checks
 * the type's page.
 */

/** `fsm_trigger` and `trigger_fsms` set: {event_code, fsm_instance_id: [...], params}. */
export const triggerFsms: CustomAction = {
  page: 'authenticated',
  flag: 'set',
  async run({ db, session }, payload) {
    const input = parseInput(FsmTriggerPayload, payload);
    return { rows: await trigger(db, session, { event_code: input.event_code, ids: input.fsm_instance_id, params: input.params }) };
  },
};

/** `trigger_fsm` set: {event_code, fsm_instance_id, params with email_body}. */
export const triggerFsm: CustomAction = {
  page: 'authenticated',
  flag: 'set',
  async run({ db, session }, payload) {
    const input = parseInput(TriggerFsmPayload, payload);
    return { rows: await trigger(db, session, { event_code: input.event_code, ids: [input.fsm_instance_id], params: input.params }) };
  },
};
