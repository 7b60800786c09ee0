/**
 * `credit_note` (add on /finance/invoices, issue 47): a credit note of one issued invoice of
 * the session's company, by app.credit_note_issue (migration 113) in one transaction: its
 * number, its lines (never more than invoiced less credited: credit_note_limit), its
 * effect on the receivable, its copy on the order's Documents tab and its mail to the customer
 * with its PDF and UBL (invoices/deliver.ts). Another company's invoice answers as a missing one (404).
 */
import { actionContracts } from '../../../schemas/api.ts';
import { HttpError } from '../http/errors.ts';
import { implement } from './implement.ts';
import { actAs } from './engine/rows.ts';
import { deliverIssued } from '../invoices/deliver.ts';

export const creditNote = implement(actionContracts.credit_note, async ({ db, session }, input) =>
  db.transaction(async (tx) => {
    await actAs(tx, session.userId);
    const company = session.company;
    const inv = await tx.query('select 1 from app.invoices where invoice_id = $1 and company_code = $2 and kind = $3', [input.invoice_id, company, 'invoice']);
    if (!company || !inv.rows.length) throw new HttpError(404, 'not_found', `payload.invoice_id: no invoice ${input.invoice_id} in this company`);
    const id = (
      await tx.query<{ id: number }>('select app.credit_note_issue($1, $2::jsonb, $3, $4) as id', [
        input.invoice_id,
        input.lines ? JSON.stringify(input.lines) : null,
        session.userId,
        input.reason?.trim() ?? '',
      ])
    ).rows[0]!.id;
    await deliverIssued(tx);
    const r = await tx.query<{ invoice_number: string; gross_total: string }>('select invoice_number, gross_total::text as gross_total from app.v_invoices where invoice_id = $1', [id]);
    return { invoice_id: Number(id), invoice_number: r.rows[0]!.invoice_number, gross_total: Number(r.rows[0]!.gross_total) };
  }),
);
