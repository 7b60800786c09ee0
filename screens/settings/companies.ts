import { defineScreen } from '../../schemas/screen.ts';

/**
 * The companies (spec §3 "Company") and what selling and invoicing read of one: its currency
 * and country, address, VAT and registration numbers, bank account and contact. A user sees
 * and edits the companies she works in (app.user_companies), a global administrator every one
 * (`source.userCompanies`); whoever adds a company works in it at once (migration 106), so she
 * can pick it in the header. A company's currency is fixed once it exists: its amounts are in it.
 */
export default defineScreen({
  form: 'companies',
  menu: { icon: 'building-2', order: 20 },
  source: {
    relation: 'app.companies',
    key: 'company_code',
    write: 'app.companies',
    userCompanies: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    company_code: { required: true, maxLength: 10, pattern: '^[A-Z0-9]{2,10}$', patternHint: 'A–Z 0–9', width: 100, pinned: 'left' },
    company_name: { editable: true, required: true, maxLength: 200, width: 250 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, editableOn: 'add', required: true, width: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', editable: true, required: true, width: 150 },
    address_line_1: { editable: true, maxLength: 200, width: 250 },
    zip_code: { editable: true, maxLength: 20, width: 100 },
    city: { editable: true, maxLength: 100, width: 150 },
    vat_number: { editable: true, maxLength: 30, pattern: '^[A-Z0-9 -]*$', patternHint: 'A–Z 0–9 -', width: 150 },
    registration_number: { editable: true, maxLength: 30, width: 150 },
    email: { editable: true, maxLength: 254, format: 'email', width: 200 },
    // Where "Notify accounting" on a write-off goes; the language of the company's own mail and of partners' without one.
    accounting_email: { editable: true, maxLength: 254, format: 'email', width: 200 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', default: 'en', width: 100 },
    phone: { editable: true, maxLength: 40, width: 150 },
    iban: { editable: true, maxLength: 42, pattern: '^[A-Z0-9 ]*$', patternHint: 'A–Z 0–9', width: 250 },
    // Which sales-order event issues the invoice, and the payment term its due date follows (a partner's own term first).
    invoice_on: { editable: true, options: ['confirm', 'pay', 'ship'], default: 'confirm', width: 100 },
    payment_days: { type: 'int', editable: true, min: 0, max: 365, default: 14, width: 100 },
    // Orders may be marked paid without a settled receivable (migration 128: else `pay` needs the money).
    paid_without_payment: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
  },
  actions: { add: true, delete: true },
});
