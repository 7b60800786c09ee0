import { defineScreen } from '../../schemas/screen.ts';

/**
 * CMR consignment notes (spec §3 "CMR": invoice_no, hs_name, weight, packages, packing,
 * consignee), usually for a sales order, chosen by its reference: added with an order, a
 * note takes its invoice number, consignee (the customer and address), place of delivery
 * and weight from it unless they are written. Each prints as the convention's A4 form at
 * /print/cmr_notes_print?cmr_id=… (src/server/print/cmrNote.ts).
 */
export default defineScreen({
  form: 'cmr',
  menu: { icon: 'scroll-text', order: 7 },
  source: {
    relation: 'app.v_cmr_notes',
    key: 'cmr_id',
    write: 'app.cmr_notes',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'cmr_id', sort: 'desc' }],
  },
  columns: {
    cmr_id: { type: 'int', hidden: true },
    cmr_number: { width: 150, pinned: 'left' },
    print_url: { renderer: 'link', width: 150, sortable: false, filterable: false },
    order_id: { type: 'ref', lookup: 'sales_orders_brief', editable: true, label: 'sales_order', width: 250 },
    invoice_no: { editable: true, maxLength: 40, width: 150 },
    consignee: { editable: true, maxLength: 500, width: 250 },
    place_of_delivery: { editable: true, maxLength: 200, width: 200 },
    taking_over_place: { editable: true, maxLength: 200, width: 200, hidden: true },
    taking_over_date: { type: 'date', editable: true, width: 100 },
    hs_name: { editable: true, maxLength: 1000, width: 200 },
    hs_code: { editable: true, maxLength: 20, pattern: '^[0-9 ]*$', patternHint: '0–9', width: 100 },
    packages: { type: 'int', editable: true, min: 1, max: 100000, default: 1, width: 100 },
    packing: { editable: true, maxLength: 100, width: 100 },
    weight: { type: 'number', renderer: 'weight', editable: true, min: 0, max: 100000000, width: 100 },
    volume: { type: 'number', editable: true, min: 0, max: 100000, width: 100, hidden: true },
    marks: { editable: true, maxLength: 200, width: 150, hidden: true },
    carrier: { editable: true, maxLength: 300, width: 200 },
    successive_carriers: { editable: true, maxLength: 500, width: 200, hidden: true },
    remarks: { editable: true, maxLength: 1000, width: 200, hidden: true },
    sender_instructions: { editable: true, maxLength: 1000, width: 200, hidden: true },
    payment_instructions: { editable: true, maxLength: 200, width: 200, hidden: true },
    special_agreements: { editable: true, maxLength: 1000, width: 200, hidden: true },
    // Box 20: who pays the carriage (migration 125).
    paid_by: { options: ['sender', 'consignee'], editable: true, default: 'sender', width: 150 },
  },
  // "Send by mail…": the note's PDF to the customer (src/server/actions/document_mail.ts).
  actions: { add: true, delete: true, bulk: ['document_mail'] },
});
