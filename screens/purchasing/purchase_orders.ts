import { defineScreen } from '../../schemas/screen.ts';

/**
 * A company's purchase orders (spec §3 "Purchase order"), each moved by its `purchase_order`
 * workflow instance (draft → ordered → confirmed → in transit → received; cancelled), with
 * the value of its lines and its related costs in the order's currency (app.v_purchase_orders).
 * Lines, costs and documents open below; receipts are made on /warehouse/arriving_shipments.
 */
export default defineScreen({
  form: 'purchase_orders',
  menu: { icon: 'file-text', order: 1 },
  source: {
    relation: 'app.v_purchase_orders',
    key: 'po_id',
    write: 'app.purchase_orders',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'opened_on', sort: 'desc' },
      { colId: 'po_id', sort: 'desc' },
    ],
  },
  columns: {
    po_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    state_names: { type: 'multi', width: 150 },
    partner_id: { type: 'ref', lookup: 'suppliers_brief', label: 'supplier', editable: true, required: true, width: 250 },
    partner_name: { width: 250, hidden: true },
    opened_on: { type: 'date', editable: true, width: 100 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, width: 100 },
    // The company's account it is booked to (spec §3; migration 107: one of its own accounts).
    account_id: { type: 'ref', lookup: 'accounts_brief', editable: true, width: 200 },
    external_reference: { editable: true, maxLength: 60, width: 150 },
    etd: { type: 'date', editable: true, width: 100 },
    eta: { type: 'date', editable: true, width: 100 },
    container_no: { editable: true, maxLength: 20, width: 150 },
    swb_number: { editable: true, maxLength: 40, width: 150, hidden: true },
    pol: { editable: true, maxLength: 40, width: 100 },
    pod: { editable: true, maxLength: 40, width: 100 },
    telex_release: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    order_value: { type: 'money', currencyField: 'currency_code', width: 100 },
    costs_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    landed_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    quantity: { type: 'number', width: 100 },
    received_qty: { type: 'number', width: 100 },
    unloaded_on: { type: 'date', editable: true, width: 100, hidden: true },
    container_updated_on: { type: 'date', editable: true, width: 100, hidden: true },
    comments: { editable: true, maxLength: 2000, width: 250 },
    description: { editable: true, maxLength: 2000, width: 250, hidden: true },
  },
  // The purchase order for the supplier, in its language (server/print/salesDocuments.ts).
  actions: { add: true, delete: true, bulk: ['purchase_orders_print', 'document_mail'] },
  /** Receiving goods first takes them onto their storages (server/workflow/onEnter.ts `beforeEnter`); `order` writes the supplier (mail/registry.ts). */
  workflow: {
    type: 'purchase_order',
    card: ['fsm_reference', 'partner_name', 'eta', 'order_value'],
    states: { draft: { initial: true }, ordered: {}, confirmed: {}, in_transit: {}, received: { final: true }, cancelled: { final: true } },
    events: {
      order: { variant: 'primary', icon: 'send', email: true },
      confirm: { variant: 'success', icon: 'check' },
      dispatch: { variant: 'info', icon: 'ship' },
      receive: { variant: 'success', icon: 'package-check' },
      cancel: { variant: 'danger', icon: 'x-circle' },
    },
    transitions: [
      { event: 'order', from: 'draft', to: 'ordered', button: true },
      { event: 'confirm', from: 'ordered', to: 'confirmed' },
      { event: 'dispatch', from: 'confirmed', to: 'in_transit' },
      // Goods arrive only on a confirmed order or one in transit (app.po_receivable, migration 098).
      { event: 'receive', from: ['in_transit', 'confirmed'], to: 'received', button: true },
      { event: 'cancel', from: ['draft', 'ordered', 'confirmed'], to: 'cancelled' },
    ],
  },
  markers: ['workflowState'],
  details: ['purchase_order_items', 'purchase_order_costs', 'purchase_order_documents'],
});
