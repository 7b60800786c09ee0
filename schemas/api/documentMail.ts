/**
 * "Send by mail…" (issue 47, point 2): a document of a sales order, an invoice, a purchase
 * order or a CMR note mailed by hand from its row, queued in the company's outbox with the
 * document attached (drawn when sent). The right is the record's page `set`
 * (src/core/documentMail.ts), checked by the implementation: the contract is one for four pages.
 */
import * as v from 'valibot';
import { emailSchema } from '../../src/core/email.ts';
import { DOCUMENT_MAIL_KINDS, DOCUMENT_MAIL_SOURCES, MAX_MAIL_RECIPIENTS } from '../../src/core/documentMail.ts';
import { LANGS } from '../../src/core/langs.ts';
import { defineAction } from './defineAction.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const source = v.picklist(DOCUMENT_MAIL_SOURCES);
const email = emailSchema({ required: 'an address is required', invalid: 'must be a valid e-mail address', tooLong: 'must have at most 254 characters' });

/** `document_mail` list: what the picked record's mail would be (the record: its page's key — order_id, invoice_id, po_id, cmr_id). */
export const DocumentMailRecordPayload = v.strictObject({ source, id });
/** The documents the record can send, each with its number (the order's, the invoice's, the note's) and the recipients and language the automatic mail would use. */
export const DocumentMailOptionsOutput = v.object({
  data: v.object({
    documents: v.array(v.object({ document: v.picklist(DOCUMENT_MAIL_KINDS), number: v.string(), to: v.array(v.string()), language: v.picklist(LANGS) })),
  }),
});

/** `document_mail` add: the document queued to the recipients in the language, with the user's message as its text (else the catalogue's). */
export const DocumentMailSendPayload = v.strictObject({
  source,
  id,
  document: v.picklist(DOCUMENT_MAIL_KINDS),
  to: v.pipe(v.array(email), v.minLength(1, 'at least one address'), v.maxLength(MAX_MAIL_RECIPIENTS, `at most ${MAX_MAIL_RECIPIENTS} addresses`)),
  language: v.picklist(LANGS),
  message: v.optional(v.pipe(v.string(), v.maxLength(10_000))),
});
/** The mail queued: its outbox id, recipients and subject. */
export const DocumentMailSendOutput = v.object({ data: v.object({ mail_id: v.number(), to: v.array(v.string()), subject: v.string() }) });

const right = 'Needs `set` on the record’s page (/sales/sales_orders, /finance/invoices, /purchasing/purchase_orders, /sales/cmr); a record of another company is 404 `not_found`.';

export const documentMailActions = {
  document_mail_list: defineAction({
    entity: 'document_mail',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: DocumentMailRecordPayload,
    output: DocumentMailOptionsOutput,
    summary: `The documents a record can mail (a sales order: confirmation, delivery note, its invoice once issued; an invoice or credit note; a purchase order; a CMR note), each with the recipients and language its automatic mail would use. ${right}`,
  }),
  document_mail_add: defineAction({
    entity: 'document_mail',
    action: 'add',
    page: 'authenticated',
    flag: 'add',
    input: DocumentMailSendPayload,
    output: DocumentMailSendOutput,
    summary: `Queues the record’s document in the outbox to the given addresses in the given language, the PDF (and an invoice’s UBL) drawn when sent, and keeps it on the order’s Documents tab. A document the record has not (an invoice not issued): 404 \`not_found\`. ${right}`,
  }),
};
