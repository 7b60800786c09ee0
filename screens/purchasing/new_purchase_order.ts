import { defineScreen } from '../../schemas/screen.ts';

/**
 * Purchase orders being written (drafts): add one for a supplier, its lines below (prices
 * from the supplier's list when not typed), then send it with its "Send to supplier" button;
 * it then leaves this list for /purchasing/purchase_orders. Goods to order makes drafts too.
 */
export default defineScreen({
  form: 'new_purchase_order',
  menu: { icon: 'file-plus', order: 2 },
  source: {
    relation: 'app.v_new_purchase_orders',
    key: 'po_id',
    write: 'app.purchase_orders',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'po_id', sort: 'desc' }],
  },
  columns: {
    po_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    partner_id: { type: 'ref', lookup: 'suppliers_brief', label: 'supplier', editable: true, required: true, width: 250 },
    opened_on: { type: 'date', editable: true, width: 100 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, width: 100 },
    // The company's account it is booked to (spec §3; migrations 107, 131: one of its own accounts).
    account_id: { type: 'ref', lookup: 'accounts_brief', editable: true, width: 200 },
    external_reference: { editable: true, maxLength: 60, width: 150 },
    etd: { type: 'date', editable: true, width: 100 },
    eta: { type: 'date', editable: true, width: 100 },
    order_value: { type: 'money', currencyField: 'currency_code', width: 100 },
    costs_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    quantity: { type: 'number', width: 100 },
    comments: { editable: true, maxLength: 2000, width: 250 },
  },
  actions: { add: true, delete: true },
  workflow: { type: 'purchase_order' },
  details: ['new_purchase_order_items', 'new_purchase_order_costs'],
});
