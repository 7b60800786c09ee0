/** Workflows (spec §7: fsm_trigger and trigger_fsms, trigger_fsm, the board). */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { MAX_PAYMENT, PAY_METHODS } from '../../src/core/payments.ts';

/** A workflow's type, state or event code as the definitions store it. */
const fsmCode = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'a code of lower-case letters, digits and _ (at most 40)'));
const fsmInstanceId = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
/** The most instances one trigger moves (a grid selection). */
export const MAX_FSM_INSTANCES = 1_000;
/** What a trigger carries beside the event: the confirmation's checkbox, and what the user saw (stale → 409 `stale_state`). */
const fsmTriggerParams = {
  /** The event's checkbox (its `params.checkbox` label), when the event has one. */
  checkbox: v.optional(v.boolean()),
  /** The state the user saw the instances in: any other now → 409 `stale_state`. */
  state_code: v.optional(fsmCode),
  /** The instance's version the user saw (one instance only): another → 409 `stale_state`. */
  row_version: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
};
/** `fsm_trigger` / `trigger_fsms` set: one event fired on instances of one workflow type, in one transaction. */
export const FsmTriggerPayload = v.strictObject({
  event_code: fsmCode,
  fsm_instance_id: v.pipe(v.array(fsmInstanceId), v.minLength(1, 'at least one instance'), v.maxLength(MAX_FSM_INSTANCES, `at most ${MAX_FSM_INSTANCES} instances`)),
  params: v.optional(v.strictObject(fsmTriggerParams), {}),
});
/**
 * A payment an event records (events whose `params.payment` is set: a sales order's Record
 * payment): in the record's currency, on a day, by a method. The record moves only when the
 * payments settle its receivable (server/workflow/payment.ts).
 */
export const EventPayment = v.strictObject({
  amount: v.pipe(v.number(), v.minValue(0.01, 'at least 0.01'), v.maxValue(MAX_PAYMENT, `at most ${MAX_PAYMENT}`)),
  paid_on: v.pipe(v.string(), v.isoDate('a date as yyyy-mm-dd')),
  pay_method: v.picklist(PAY_METHODS),
});
/** `trigger_fsm` set: one instance, and the e-mail the event sends (events whose `params.email` is set) or the payment it records (`params.payment`). */
export const TriggerFsmPayload = v.strictObject({
  event_code: fsmCode,
  fsm_instance_id: fsmInstanceId,
  params: v.optional(v.strictObject({ ...fsmTriggerParams, email_body: v.optional(v.pipe(v.string(), v.maxLength(100_000, 'at most 100000 characters'))), payment: v.optional(EventPayment) }), {}),
});
/** An event a state offers (spec §7 fsm_actions): its names and how the UI shows it (bv_variant, bv_icon, checkbox, email). */
export const FsmAction = v.object({
  event_code: v.string(),
  event_names: v.record(v.string(), v.string()),
  params: v.record(v.string(), v.unknown()),
  /** Offered in the toolbar's menu over picked rows (the transition's show_in_fsm_actions). */
  menu: v.optional(v.boolean()),
  /** Shown as a button in the row (show_in_fsm_buttons). */
  button: v.optional(v.boolean()),
});
/** An instance as the workflow screens' rows carry it. */
export const FsmInstanceState = v.object({
  fsm_instance_id: v.number(),
  type_code: v.string(),
  state_code: v.string(),
  state_names: v.record(v.string(), v.string()),
  final_state: v.boolean(),
  fsm_actions: v.array(FsmAction),
  row_version: v.number(),
});
/** `fsm_board` list: a workflow type's definition for the board and the diagram (its page's `list` permission). */
export const FsmBoardPayload = v.strictObject({ type_code: fsmCode });
const names = v.record(v.string(), v.string());
export const FsmBoardOutput = v.object({
  data: v.object({
    type: v.object({ type_code: v.string(), type_names: names, timeout_event_code: v.nullable(v.string()), on_loop: v.nullable(v.string()), default_loop_interval: v.nullable(v.number()) }),
    /** The page of the type's records (the board lists them through its form). */
    url: v.string(),
    states: v.array(v.object({ state_id: v.number(), state_code: v.string(), state_names: names, initial_state: v.boolean(), final_state: v.boolean(), show_in_filters: v.boolean() })),
    events: v.array(v.object({ event_code: v.string(), event_names: names, event_params: v.record(v.string(), v.unknown()) })),
    transitions: v.array(
      v.object({
        transition_id: v.number(),
        event_code: v.string(),
        from_state_id: v.number(),
        to_state_id: v.number(),
        timeout: v.nullable(v.number()),
        position: v.number(),
        show_in_fsm_actions: v.boolean(),
        show_in_fsm_buttons: v.boolean(),
        row_version: v.number(),
      }),
    ),
    /** Instances per state in the session's company. */
    counts: v.record(v.string(), v.number()),
  }),
});

/**
 * What a recorded payment did to the record's receivable (its currency): the item, its
 * invoice number, amount, what is paid and open, what was kept as credit, its state, and
 * whether the record (the order) moved.
 */
export const RecordedPayment = v.object({
  payment_id: v.number(),
  cashflow_id: v.number(),
  invoice_number: v.string(),
  currency_code: v.string(),
  amount: v.number(),
  total_paid: v.number(),
  amount_open: v.number(),
  credit_amount: v.number(),
  payment_status: v.string(),
  moved: v.boolean(),
});
/** The instances after the trigger, in the order asked; a payment event's payment. */
export const FsmTriggerOutput = v.object({ data: v.object({ rows: v.array(FsmInstanceState), payment: v.optional(RecordedPayment) }) });

export const workflowActions = {
  fsm_trigger: defineAction({
    entity: 'fsm_trigger',
    action: 'set',
    page: 'authenticated',
    flag: 'set',
    input: FsmTriggerPayload,
    output: FsmTriggerOutput,
    summary:
      "One event fired on instances of one workflow type in one transaction (the events right on the type's page): an unknown event 400 `unknown_event`, two types 400 `mixed_workflow_types`, an instance not in the company 404 `not_found`, no transition from its state 409 `event_not_allowed`, not the state or version seen 409 `stale_state`.",
  }),
  trigger_fsms: defineAction({
    entity: 'trigger_fsms',
    action: 'set',
    page: 'authenticated',
    flag: 'set',
    input: FsmTriggerPayload,
    output: FsmTriggerOutput,
    summary: 'The same as fsm_trigger (spec §7 names both).',
  }),
  trigger_fsm: defineAction({
    entity: 'trigger_fsm',
    action: 'set',
    page: 'authenticated',
    flag: 'set',
    input: TriggerFsmPayload,
    output: FsmTriggerOutput,
    summary:
      "One event fired on one instance, with the event's e-mail body, or the payment an event with `params.payment` records (a sales order's Record payment: on its receivable, `add` on /finance/cashflow needed, the order paid when it is settled); refusals as fsm_trigger.",
  }),
  fsm_board: defineAction({
    entity: 'fsm_board',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: FsmBoardPayload,
    output: FsmBoardOutput,
    summary: "A workflow type's states, events, transitions and instances per state (the list right on the type's page).",
  }),
};
