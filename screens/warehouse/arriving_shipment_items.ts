import { defineScreen } from '../../schemas/screen.ts';

/** Detail of arriving shipments: the order's lines, ordered, received and still open. */
export default defineScreen({
  form: 'arriving_shipment_items',
  page: '/warehouse/arriving_shipments',
  source: { relation: 'app.v_purchase_order_items', key: 'po_item_id', company: 'company_code', sort: [{ colId: 'po_item_id', sort: 'asc' }] },
  columns: {
    po_item_id: { type: 'int', hidden: true },
    po_id: { type: 'int', hidden: true },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    quantity: { type: 'number', width: 100 },
    received_qty: { type: 'number', width: 100 },
    open_qty: { type: 'number', width: 100 },
    landed_unit_cost: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100, hidden: true },
  },
});
