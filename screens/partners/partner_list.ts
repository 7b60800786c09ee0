import { defineScreen } from '../../schemas/screen.ts';

/**
 * A company's customers and suppliers (is_supplier), their addresses and contacts in the detail grids.
 * `deleted` is a soft delete users tick and untick: the partner stays for the documents
 * naming it but is no longer offered (partners_brief). Deleted partners sort last.
 */
export default defineScreen({
  form: 'partner_list',
  menu: { icon: 'handshake', order: 1 },
  source: {
    relation: 'app.partners',
    key: 'partner_id',
    write: 'app.partners',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'deleted', sort: 'asc' },
      { colId: 'partner_name', sort: 'asc' },
    ],
  },
  columns: {
    partner_id: { type: 'int', width: 100 },
    partner_name: { editable: true, required: true, maxLength: 150, width: 250 },
    label_name: { editable: true, maxLength: 100, width: 200 },
    // Its general address (its contacts for orders or invoices come first: partner_contacts) and the language its mail is written in (empty: the order's, else the company's).
    email: { editable: true, maxLength: 254, format: 'email', width: 250 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    // Printed on the customer's invoices; its payment term (empty: the company's).
    vat_number: { editable: true, maxLength: 30, pattern: '^[A-Z0-9 -]*$', patternHint: 'A–Z 0–9 -', width: 150 },
    payment_days: { type: 'int', editable: true, min: 0, max: 365, width: 100 },
    is_supplier: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    deleted: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
  },
  actions: { add: true, delete: true },
  markers: ['deleted'],
  details: ['partner_addresses', 'partner_contacts'],
});
