/**
 * The payment an event's confirmation asks for (a sales order's Record payment, issue 47):
 * amount, day and method as typed, read the way the UI language writes numbers and dates,
 * refused at the field; and what the amount does to the receivable, said at the field before
 * it is recorded (more than is open: the rest is kept as the customer's credit).
 */
import { MAX_PAYMENT, type PayMethod } from '../../core/payments.ts';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { formatMoney, parseDateInput } from '../../core/format.ts';
import { editableNumber, numberText } from '../../core/numberInput.ts';
import { M, msg, parseMessage, type Message } from '../../core/validation/messages.ts';

/** What is asked about: the receivable's currency and digits, what is open of it and its amount (or, none yet, the order's total). */
export interface PaymentQuestion {
  currency: string;
  digits: number;
  open: number;
  total: number;
  /** The order has a receivable (else `total` is the order's, not invoiced yet). */
  receivable: boolean;
}

/** The payment confirmed: in the receivable's currency, on a day (yyyy-MM-dd), by a method. */
export interface PaymentAnswer {
  amount: number;
  paid_on: string;
  pay_method: PayMethod;
}

export interface PaymentInputs {
  amount: string;
  day: string;
  method: PayMethod;
}

/** The dialog's start: what is open (a whole payment is the usual one), today, a bank transfer. */
export const initialPayment = (q: PaymentQuestion, lang: string, today: string): PaymentInputs => ({
  amount: q.open > 0 ? editableNumber(q.open, lang) : '',
  day: today,
  method: 'bank_transfer',
});

/** The typed payment, or each field's refusal. */
export function readPayment(i: PaymentInputs, lang: string): { ok: true; value: PaymentAnswer } | { ok: false; errors: { amount?: Message; day?: Message } } {
  const errors: { amount?: Message; day?: Message } = {};
  const n = numberText(i.amount, lang);
  if (!n.ok) errors.amount = parseMessage(n.message);
  else if (n.value === null) errors.amount = { id: M.required };
  else if (n.value < 0.01) errors.amount = parseMessage(msg(M.min, { min: 0.01 }));
  else if (n.value > MAX_PAYMENT) errors.amount = parseMessage(msg(M.max, { max: MAX_PAYMENT }));
  const day = parseDateInput(i.day);
  if (!day) errors.day = { id: M.type_date };
  if (errors.amount || errors.day || !n.ok || n.value === null || !day) return { ok: false, errors };
  return { ok: true, value: { amount: n.value, paid_on: day, pay_method: i.method } };
}

/** What the typed amount does, said at the field: the open amount, and what exceeds it (kept as credit). */
export function paymentHints(q: PaymentQuestion, i: PaymentInputs, lang: Lang): Message[] {
  const money = (n: number) => formatMoney(n, q.currency, LOCALE[lang], q.digits);
  const hints: Message[] = [
    q.receivable ? { id: 'workflow.payment_open', values: { open: money(q.open), amount: money(q.total) } } : { id: 'workflow.payment_not_invoiced', values: { amount: money(q.total) } },
  ];
  const n = numberText(i.amount, lang);
  const excess = n.ok && n.value !== null ? Math.round((n.value - q.open) * 10 ** q.digits) / 10 ** q.digits : 0;
  if (excess > 0) hints.push({ id: 'workflow.payment_excess', values: { excess: money(excess) } });
  return hints;
}
