/** Invoices and credit notes of sales orders (issue 47; migration 113) on /finance/invoices. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * `credit_note` add (/finance/invoices): a credit note of the issued invoice `invoice_id`,
 * reversing the quantities of its lines given in `lines`, or (no `lines`) every quantity
 * not yet credited. `reason` is printed on it.
 */
export const CreditNotePayload = v.strictObject({
  invoice_id: id,
  lines: v.optional(
    v.pipe(
      v.array(v.strictObject({ line_id: id, quantity: v.pipe(v.number(), v.finite(), v.minValue(0.001, 'a quantity is positive'), v.maxValue(1_000_000_000)) })),
      v.minLength(1, 'at least one line'),
      v.maxLength(1000, 'at most 1000 lines'),
      v.check((ls) => new Set(ls.map((l) => l.line_id)).size === ls.length, 'a line is named twice'),
    ),
  ),
  reason: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
/** The credit note issued: its key, number and gross total (in the invoice's currency). */
export const CreditNoteOutput = v.object({ data: v.object({ invoice_id: v.number(), invoice_number: v.string(), gross_total: v.number() }) });

export const invoiceActions = {
  credit_note: defineAction({
    entity: 'credit_note',
    action: 'add',
    page: '/finance/invoices',
    flag: 'add',
    input: CreditNotePayload,
    output: CreditNoteOutput,
    summary:
      'A credit note (CN-<year>-<n>) reversing the given quantities of an issued invoice’s lines, or all that is left; never more than invoiced less credited (400 `credit_note_limit`; nothing left: `credit_note_nothing`). Its receivable lowers the invoice’s open amount, the rest is an outgoing cash-flow item.',
  }),
};
