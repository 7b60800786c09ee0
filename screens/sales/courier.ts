import { defineScreen } from '../../schemas/screen.ts';

/**
 * The courier export (spec's "courier export" grid): paid orders shipped by the parcel
 * carrier, with the recipient's address, the parcel's weight and the cash-on-delivery
 * amount (app.v_courier_orders). `courier_export` writes them as the carrier's import file
 * (Packeta CSV, src/server/actions/courier.ts); `courier_tracking` reads the carrier's
 * tracking numbers back into the orders. The tracking number can be typed here too.
 */
export default defineScreen({
  form: 'courier',
  menu: { icon: 'truck', order: 6 },
  source: {
    relation: 'app.v_courier_orders',
    key: 'order_id',
    write: 'app.sales_orders',
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'order_id', sort: 'asc' }],
  },
  workflow: { type: 'sales_order', buttons: false },
  columns: {
    order_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    state_names: { type: 'multi', width: 100, hidden: true },
    partner_name: { label: 'customer', width: 200 },
    first_name: { width: 100 },
    last_name: { width: 100 },
    address_line_1: { width: 200 },
    address_house_no: { width: 50 },
    zip_code: { width: 100 },
    city: { width: 150 },
    country_code: { width: 50 },
    phone: { width: 150 },
    email: { width: 200 },
    weight: { type: 'number', renderer: 'weight', width: 100 },
    cod_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    total: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 50 },
    carrier_id: { width: 100, hidden: true },
    tracking_number: { editable: true, maxLength: 60, width: 150 },
  },
  actions: { bulk: ['courier_export', 'courier_tracking'] },
});
