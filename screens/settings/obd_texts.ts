import { defineScreen } from '../../schemas/screen.ts';

/**
 * Texts the company's documents print (app.obd_texts, migration 056): per document type and
 * place (header above the body, footer under it, terms at the end), rich text in every
 * language, sanitized on write. The print builders (server/print/documents.ts) put the active
 * one in the document's language on the page and in the PDF. The reminder letters (dunning
 * levels 1–3) are the cashflow reminders' mail: header before the item's facts, footer and
 * terms after them (server/mail/registry.ts), in the customer's language.
 */
export default defineScreen({
  form: 'obd_texts',
  menu: { icon: 'file-type', order: 14 },
  source: {
    relation: 'app.obd_texts',
    key: 'obd_text_id',
    write: 'app.obd_texts',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'document_type', sort: 'asc' },
      { colId: 'placement', sort: 'asc' },
    ],
  },
  columns: {
    obd_text_id: { type: 'int', width: 100 },
    document_type: {
      editable: true,
      required: true,
      options: ['order', 'invoice', 'credit_note', 'delivery_note', 'purchase_order', 'pick_list', 'arriving_shipment', 'reminder_1', 'reminder_2', 'reminder_3'],
      width: 200,
    },
    placement: { editable: true, required: true, options: ['header', 'footer', 'terms'], width: 150 },
    obd_text: { type: 'multi', html: true, editable: true, required: true, maxLength: 20000, translate: true, width: 250 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
