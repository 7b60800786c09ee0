import { defineScreen } from '../../schemas/screen.ts';

/**
 * The shipment planner: paid orders (and those waiting for goods) still to leave, with their
 * weight, volume and how much is picked; the planned day is set here, and the order moves
 * on with its workflow buttons (ship).
 */
export default defineScreen({
  form: 'shipment_planner',
  menu: { icon: 'calendar-clock', order: 8 },
  source: {
    relation: 'app.v_shipment_planner',
    key: 'order_id',
    write: 'app.sales_orders',
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'planned_ship_on', sort: 'asc' },
      { colId: 'opened_on', sort: 'asc' },
      { colId: 'order_id', sort: 'asc' },
    ],
  },
  columns: {
    order_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    state_names: { type: 'multi', width: 150 },
    partner_name: { label: 'customer', width: 250 },
    dm_names: { type: 'multi', label: 'delivery_method', width: 150 },
    opened_on: { type: 'date', width: 100 },
    planned_ship_on: { type: 'date', editable: true, width: 100 },
    quantity: { type: 'number', width: 100 },
    picked_qty: { type: 'number', width: 100 },
    weight: { type: 'number', width: 100 },
    volume: { type: 'number', width: 100 },
  },
  workflow: { type: 'sales_order', buttons: 200 },
  markers: ['workflowState'],
});
