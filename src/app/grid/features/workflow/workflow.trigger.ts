/**
 * Firing an event (loaded with the first one): the confirmation (chrome/confirm.ts) naming
 * the records by their workflow type and reference, the trigger call, the rows patched from
 * the answer; a refusal said as a toast, and a state changed meanwhile reads the rows again.
 */
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { pickText } from '../../../../core/multiText.ts';
// On the list route: each call from its own module, not the namespace of all (api/actions.ts), which would bring them all.
import { trigger_fsm } from '../../../../generated/actions/trigger_fsm.ts';
import { trigger_fsms } from '../../../../generated/actions/trigger_fsms.ts';
import { ApiError, api } from '../../../api/client.ts';
import { describeError } from '../../../api/said.ts';
import { ask } from '../../../chrome/confirm.ts';
import type { PaymentQuestion } from '../../../chrome/paymentInputs.ts';
import { toast } from '../../../chrome/toasts.tsx';
import { session } from '../../../session/session.ts';
import { LOCALE, type Lang } from '../../../../core/langs.ts';
import { formatMoney } from '../../../../core/format.ts';
import type { FsmAction } from '../../../../core/workflowActions.ts';
import type { GridRow, Row } from '../../types.ts';
import type { GridQuery } from '../query/query.types.ts';
import { answerPatches, confirmOptions, referenceOf, triggerCall } from './workflow.utils.ts';

/** The workflow types' names (fsm_types_brief), read once; a failed read names no type and is tried again next time. */
let typeNames: Promise<ReadonlyMap<string, unknown>> | undefined;
async function typeName(type: string | undefined, lang: string): Promise<string> {
  if (!type) return '';
  typeNames ??= api.action<'ListOutput'>('fsm_types_brief', 'list', { startRow: 0, endRow: 100 }).then(
    (r) => new Map((r.rows as Row[]).map((t) => [String(t.type_code), t.type_names])),
    () => {
      typeNames = undefined;
      return new Map();
    },
  );
  return pickText((await typeNames).get(type), lang)?.text ?? '';
}

/** A currency's digits in the session's currencies, 2 when unknown. */
const digitsOf = (currency: string) => session.get().currencies.find((c) => c.currency_code === currency)?.currency_precision ?? 2;

/**
 * What a payment event (a sales order's Record payment) asks about: the order's receivable —
 * its invoice's cash-flow item, what is open of it — read through the cash flow's list (the
 * right a payment needs anyway); none, or not readable: the order's total, not invoiced yet.
 */
export async function paymentQuestion(row: Row): Promise<PaymentQuestion> {
  try {
    const r = await api.action<'ListOutput'>('cashflow', 'filter', { order_id: row.order_id, type_code: 'customer_invoice' });
    const items = (r.rows as Row[]).filter((x) => x.credit_of === null && x.state_code !== 'cancelled').sort((a, b) => Number(a.final_state) - Number(b.final_state));
    const it = items[0];
    if (it) return { currency: String(it.currency_code), digits: digitsOf(String(it.currency_code)), open: Number(it.amount_open), total: Number(it.amount), receivable: true };
  } catch {
    // Not readable here: the order's own total is what is asked about.
  }
  const currency = String(row.currency_code);
  return { currency, digits: digitsOf(currency), open: Number(row.grand_total ?? row.total ?? 0), total: Number(row.grand_total ?? row.total ?? 0), receivable: false };
}

/** The toast of a recorded payment: what it did to the receivable (paid in full, a credit kept, what is still open). */
export function paymentSaid(p: NonNullable<Awaited<ReturnType<typeof trigger_fsm>>['payment']>, paid: number, reference: string, lang: Lang) {
  const money = (n: number) => formatMoney(n, p.currency_code, LOCALE[lang], digitsOf(p.currency_code));
  const document = p.invoice_number || reference;
  if (p.credit_amount > 0) return { id: 'workflow.payment_credit', values: { paid: money(paid), document, credit: money(p.credit_amount) } };
  if (p.amount_open <= 0) return { id: 'workflow.payment_settled', values: { paid: money(paid), document } };
  return { id: 'workflow.payment_recorded', values: { paid: money(paid), document, open: money(p.amount_open) } };
}

export async function fireEvent(action: FsmAction, rows: GridRow[], q: GridQuery, fields: ReadonlySet<string>, screen: ScreenDescriptor): Promise<void> {
  const data = rows.map((r) => q.current(r.id) ?? r.data);
  const target = { type: await typeName(screen.workflow?.type, q.lang), references: data.map((r) => referenceOf(screen, r)) };
  const payment = action.params.payment && data.length === 1 ? await paymentQuestion(data[0]!) : undefined;
  const answer = await ask(confirmOptions(action, q.lang, target, payment));
  if (!answer) return;
  const call = triggerCall(action, data, answer);
  try {
    const r = await (call.entity === 'trigger_fsm' ? trigger_fsm(call.payload) : trigger_fsms(call.payload));
    for (const p of answerPatches(r.rows, rows, fields)) q.patch(p.id, p.fields);
    if ('payment' in r && r.payment && answer.payment) toast({ variant: 'success', ...paymentSaid(r.payment, answer.payment.amount, target.references[0] ?? '', q.lang) });
    else toast({ variant: 'success', id: 'workflow.done', values: { count: r.rows.length } });
  } catch (e) {
    toast({ variant: 'danger', ...describeError(e) });
    // Someone moved a row meanwhile: show the states as they are now.
    if (e instanceof ApiError && (e.code === 'stale_state' || e.code === 'event_not_allowed')) q.reload();
  }
}
