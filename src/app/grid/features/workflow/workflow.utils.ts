/**
 * The workflow actions' pure parts (spec §4): the confirmation an event asks, the trigger
 * call it makes, and the row fields its answer changes.
 */
import { eventName, type FsmAction } from '../../../../core/workflowActions.ts';
import type { ConfirmAnswer, ConfirmOptions } from '../../../chrome/confirm.ts';
import type { PaymentQuestion } from '../../../chrome/paymentInputs.ts';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { Row } from '../../types.ts';
import type { TriggerCall } from './workflow.types.ts';

const VARIANTS = ['danger', 'primary', 'success', 'warning', 'info', 'secondary'] as const;
type EventVariant = (typeof VARIANTS)[number];

/** The event's button style: bv_variant when the app has it, else danger (spec §4's default). */
export const variantOf = (a: FsmAction): EventVariant => ((VARIANTS as readonly unknown[]).includes(a.params.bv_variant) ? (a.params.bv_variant as EventVariant) : 'danger');

/** The checkbox label of an event that has one, in the language; '' for a checkbox without a label. */
const checkboxLabel = (a: FsmAction, lang: string): string | undefined => {
  const c: unknown = a.params.checkbox;
  if (c === undefined || c === null || c === false) return undefined;
  if (typeof c !== 'object') return '';
  const names = c as Record<string, unknown>;
  const text = names[lang] || names.en;
  return typeof text === 'string' ? text : '';
};

/** The records an event is asked for: their workflow type's name in the UI language ('' when unknown) and each one's reference. */
export interface EventRecords {
  type: string;
  references: readonly string[];
}

/** How many references the question over several records lists (the rest is "…"). */
const LISTED_REFERENCES = 10;

/**
 * What names a record in a question: its document number (fsm_reference: SO-…, PO-…), else
 * the first field its kanban card shows, else its key.
 */
export function referenceOf(screen: Pick<ScreenDescriptor, 'source' | 'workflow'>, row: Row): string {
  if (typeof row.fsm_reference === 'string' && row.fsm_reference) return row.fsm_reference;
  const keys = Array.isArray(screen.source.key) ? screen.source.key : [screen.source.key];
  const field = screen.workflow?.card?.[0];
  const v = field === undefined ? undefined : row[field];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : keys.map((k) => String(row[k] ?? '')).join(' / ');
}

/**
 * The confirmation of an event: titled with its name and icon, the question naming the
 * records (one: "Sales order SO-…: apply “Cancel”?"), the confirming button saying what it
 * does ("Cancel SO-…", or the event and how many records) styled by bv_variant, and a
 * dismissing button of its own ("Back") — never two buttons alike, even where the event is
 * called like the dialog's usual Cancel. Its checkbox; the e-mail body only for one record
 * (trigger_fsm carries it; several are moved by trigger_fsms, which has none).
 */
export function confirmOptions(a: FsmAction, lang: string, target: EventRecords, payment?: PaymentQuestion): ConfirmOptions {
  const event = eventName(a, lang);
  const refs = target.references;
  const count = refs.length;
  const [first = ''] = refs;
  const asked: ConfirmOptions =
    count === 1
      ? { bodyId: 'workflow.confirm_one', bodyValues: { event, document: target.type ? `${target.type} ${first}` : first }, okId: 'workflow.confirm_ok', okValues: { event, reference: first } }
      : {
          bodyId: 'workflow.confirm_rows',
          bodyValues: { event, count, documents: [...refs.slice(0, LISTED_REFERENCES), ...(count > LISTED_REFERENCES ? ['…'] : [])].join(', ') },
          okId: 'workflow.confirm_ok_rows',
          okValues: { event, count },
        };
  const o: ConfirmOptions = { title: event, ...asked, cancelId: 'workflow.confirm_back', variant: variantOf(a) };
  if (typeof a.params.bv_icon === 'string') o.icon = a.params.bv_icon;
  const checkbox = checkboxLabel(a, lang);
  if (checkbox !== undefined) o.checkbox = checkbox;
  if (a.params.email && count === 1) o.emailId = 'workflow.email_body';
  if (a.params.payment && count === 1 && payment) o.payment = payment;
  return o;
}

/**
 * The call a confirmed event makes over rows: their instance ids, the state they were seen
 * in when they share one (another now answers 409 stale_state), the checkbox when the
 * event has one, and for one row an e-mail body that is not blank or the payment it asked
 * (trigger_fsm).
 */
export function triggerCall(a: FsmAction, rows: readonly Row[], answer: ConfirmAnswer): TriggerCall {
  const ids = rows.map((r) => Number(r.fsm_instance_id));
  const states = new Set(rows.map((r) => r.state_code));
  const params: TriggerCall['payload']['params'] = {};
  const [state] = states;
  if (states.size === 1 && typeof state === 'string' && state) params.state_code = state;
  if (checkboxLabel(a, 'en') !== undefined) params.checkbox = answer.checkbox;
  if (rows.length === 1 && a.params.payment && answer.payment) {
    return { entity: 'trigger_fsm', payload: { event_code: a.event_code, fsm_instance_id: ids[0]!, params: { ...params, payment: answer.payment } } };
  }
  if (rows.length === 1 && a.params.email && answer.email.trim()) {
    return { entity: 'trigger_fsm', payload: { event_code: a.event_code, fsm_instance_id: ids[0]!, params: { ...params, email_body: answer.email } } };
  }
  return { entity: 'trigger_fsms', payload: { event_code: a.event_code, fsm_instance_id: ids, params } };
}

/** The instance fields a list row shows (its own row_version is the record's, not the instance's). */
const INSTANCE_FIELDS = ['state_code', 'state_names', 'final_state', 'fsm_actions'] as const;

/**
 * The row patches of a trigger's answer: each answered instance's state, names and actions
 * into the rows holding it, only the fields the screen has.
 */
export function answerPatches(answer: readonly Row[], rows: readonly { id: string; data: Row }[], fields: ReadonlySet<string>): { id: string; fields: Row }[] {
  const byInstance = new Map(answer.map((r) => [Number(r.fsm_instance_id), r]));
  return rows.flatMap(({ id, data }) => {
    const r = byInstance.get(Number(data.fsm_instance_id));
    if (!r) return [];
    const patch: Row = {};
    for (const f of INSTANCE_FIELDS) if (fields.has(f) && f in r) patch[f] = r[f];
    return [{ id, fields: patch }];
  });
}
