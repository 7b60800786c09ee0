import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of partner_list: the people at a partner and what they receive by mail — orders
 * (a supplier's sales desk: "Send to supplier"; a customer's buyer) and invoices (accounts
 * payable: invoices and reminders). app.partner_mail_to (migration 114) writes to every
 * contact flagged for a mail's purpose, else to the partner's own address. A flag needs an
 * address (rule partner_contact_email_needed).
 */
export default defineScreen({
  form: 'partner_contacts',
  page: '/partners/partner_list',
  source: {
    relation: 'app.v_partner_contacts',
    key: 'contact_id',
    write: 'app.partner_contacts',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'contact_name', sort: 'asc' }],
  },
  columns: {
    contact_id: { type: 'int', hidden: true },
    partner_id: { type: 'int', editable: true, required: true, hidden: true },
    contact_name: { editable: true, required: true, maxLength: 150, width: 200 },
    contact_role: { editable: true, maxLength: 100, width: 150 },
    email: { editable: true, maxLength: 254, format: 'email', width: 250 },
    phone: { editable: true, maxLength: 40, pattern: '^[0-9+ ()/-]*$', patternHint: '0–9 + ( ) / -', width: 150 },
    receives_orders: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    receives_invoices: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
  },
  actions: { add: true, delete: true },
});
