/**
 * Events that record a payment (issue 47, point 4; migration 117): a sales order's Record
 * payment (`pay`, its descriptor's `payment: true`) asks amount, date and method and records
 * them on the order's receivable — its invoice's cash-flow item; none yet: the invoice
 * issued now when the company invoices on `pay`, else an item planned for the order's total
 * that its invoice takes over — instead of moving the order. The payments' own rules do the
 * rest in the same transaction (app.order_payment and the payments' triggers): a payment
 * reaching the amount closes the item, and the settled receivable fires the order's `pay`
 * (its history keeps the dialog's checkbox, so the payment confirmation mails); what exceeds
 * the amount is kept as the customer's credit.
 *
 * Recording money is a finance right: besides the `events` right on the order's page, the
 * user needs `add` on the cash flow's page (whose detail the payments are).
 */
import type * as v from 'valibot';
import type { EventPayment, RecordedPayment } from '../../../schemas/api/workflow.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { actAs } from '../actions/engine/rows.ts';
import type { Queryable } from '../db/types.ts';
import type { Session } from '../rpc/context.ts';

/** The workflow types whose records take payments, and the page whose `add` right records one. */
const PAYING_TYPES: Readonly<Record<string, { page: string }>> = {
  sales_order: { page: '/finance/cashflow' },
};

export const takesPayments = (type: string): boolean => Object.hasOwn(PAYING_TYPES, type);

/**
 * Records `payment` on the receivable of the record of instance `instance` (a type of
 * PAYING_TYPES), in the trigger's transaction; `kept` is what the move's history keeps of
 * the request if the payment settles the record. What the payment did, for the answer.
 */
export async function recordPayment(
  tx: Queryable,
  session: Session,
  type: string,
  instance: number,
  payment: v.InferOutput<typeof EventPayment>,
  kept: Record<string, unknown>,
): Promise<v.InferOutput<typeof RecordedPayment>> {
  const { page } = PAYING_TYPES[type]!;
  await requirePagePermission(tx, session, page, 'add', 'recording a payment');
  await actAs(tx, session.userId);
  const before = await stateOf(tx, instance);
  const r = await tx.query<{ payment_id: number }>(
    `select app.order_payment(o.order_id, $2::numeric, $3::date, $4, $5, $6::jsonb) as payment_id
     from app.sales_orders o where o.fsm_instance_id = $1`,
    [instance, String(payment.amount), payment.paid_on, payment.pay_method, session.userId, JSON.stringify({ ...kept, payment })],
  );
  const paymentId = Number(r.rows[0]!.payment_id);
  const item = (
    await tx.query<{
      cashflow_id: number;
      invoice_number: string;
      currency_code: string;
      amount: string;
      total_paid: string;
      amount_open: string;
      credit_amount: string;
      payment_status: string;
    }>(
      `select v.cashflow_id, v.invoice_number, v.currency_code, v.amount::text as amount, v.total_paid::text as total_paid,
              v.amount_open::text as amount_open, v.credit_amount::text as credit_amount, v.payment_status
       from app.cashflow_payments p join app.v_cashflow v on v.cashflow_id = p.cashflow_id where p.payment_id = $1`,
      [paymentId],
    )
  ).rows[0]!;
  return {
    payment_id: paymentId,
    cashflow_id: Number(item.cashflow_id),
    invoice_number: item.invoice_number,
    currency_code: item.currency_code,
    amount: Number(item.amount),
    total_paid: Number(item.total_paid),
    amount_open: Number(item.amount_open),
    credit_amount: Number(item.credit_amount),
    payment_status: item.payment_status,
    moved: (await stateOf(tx, instance)) !== before,
  };
}

const stateOf = async (tx: Queryable, instance: number): Promise<number> =>
  Number((await tx.query<{ state_id: number }>('select state_id from app.fsm_instances where fsm_instance_id = $1', [instance])).rows[0]!.state_id);
