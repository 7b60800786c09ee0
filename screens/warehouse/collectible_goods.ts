import { defineScreen } from '../../schemas/screen.ts';

/** Goods ready for collection: lines of open orders picked in full, where they were picked from and when. */
export default defineScreen({
  form: 'collectible_goods',
  menu: { icon: 'package-check', order: 4 },
  source: {
    relation: 'app.v_collectible_goods',
    key: 'item_id',
    company: 'company_code',
    sort: [
      { colId: 'picked_at', sort: 'asc' },
      { colId: 'item_id', sort: 'asc' },
    ],
  },
  columns: {
    item_id: { type: 'int', hidden: true },
    order_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    partner_name: { label: 'customer', width: 250 },
    dm_names: { type: 'multi', label: 'delivery_method', width: 150 },
    state_names: { type: 'multi', width: 150 },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    quantity: { type: 'number', width: 100 },
    picked_from: { width: 150 },
    picked_at: { type: 'datetime', width: 150 },
  },
});
