import { defineScreen } from '../../schemas/screen.ts';

/** Where a product lies: each storage holding it (on hand) and its home storages, in walking order. */
export default defineScreen({
  form: 'product_storage_lookup',
  menu: { icon: 'search', order: 6 },
  source: {
    relation: 'app.v_product_storage_lookup',
    key: 'lookup_id',
    company: 'company_code',
    sort: [
      { colId: 'product_code', sort: 'asc' },
      { colId: 'walk_order', sort: 'asc' },
      { colId: 'storage_code', sort: 'asc' },
    ],
  },
  columns: {
    lookup_id: { hidden: true },
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    shelf_code: { width: 100 },
    walk_order: { type: 'int', hidden: true },
    storage_code: { width: 150 },
    on_hand: { type: 'number', width: 100 },
    is_home: { type: 'bool', renderer: 'checkbox', width: 100 },
  },
});
