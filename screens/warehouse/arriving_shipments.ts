import { defineScreen } from '../../schemas/screen.ts';

/**
 * Arriving shipments: purchase orders whose goods may arrive (ordered, confirmed, in
 * transit) with their dates and container; below, their lines with what is still open and
 * the receipts. "Receive" takes every open line of the picked orders onto each product's
 * home storage (or the storage chosen) and closes them as received; a receipt added below
 * takes part of a line onto any storage. More than ordered is refused (receipt_over_ordered).
 */
export default defineScreen({
  form: 'arriving_shipments',
  menu: { icon: 'truck', order: 3 },
  source: {
    relation: 'app.v_arriving_shipments',
    key: 'po_id',
    write: 'app.purchase_orders',
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'eta', sort: 'asc' },
      { colId: 'po_id', sort: 'asc' },
    ],
  },
  columns: {
    po_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    state_names: { type: 'multi', width: 150 },
    partner_name: { label: 'supplier', width: 250 },
    etd: { type: 'date', editable: true, width: 100 },
    eta: { type: 'date', editable: true, width: 100 },
    container_no: { editable: true, maxLength: 20, width: 150 },
    swb_number: { editable: true, maxLength: 40, width: 150 },
    pol: { width: 100 },
    pod: { width: 100 },
    telex_release: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    unloaded_on: { type: 'date', editable: true, width: 100 },
    container_updated_on: { type: 'date', editable: true, width: 100, hidden: true },
    quantity: { type: 'number', width: 100 },
    received_qty: { type: 'number', width: 100 },
    comments: { editable: true, maxLength: 2000, width: 250 },
  },
  actions: { bulk: ['receive_purchase_orders', 'arriving_shipments_print'] },
  workflow: { type: 'purchase_order', buttons: 200 },
  markers: ['workflowState'],
  details: ['arriving_shipment_items', 'purchase_receipts'],
});
