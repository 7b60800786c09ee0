import { defineScreen } from '../../schemas/screen.ts';

/**
 * Pick lists: "Create pick list" gathers the paid orders' goods not yet on a list, each line
 * on a storage that holds it, in walking order; picking a line (its picked quantity) takes
 * the goods off the storage in the stock ledger. A list with nothing picked may be deleted.
 */
export default defineScreen({
  form: 'pick_lists',
  menu: { icon: 'list-checks', order: 2 },
  source: {
    relation: 'app.v_pick_lists',
    key: 'pick_list_id',
    write: 'app.pick_lists',
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'pick_list_id', sort: 'desc' }],
  },
  columns: {
    pick_list_id: { type: 'int', hidden: true },
    pick_list_no: { width: 150, pinned: 'left' },
    created_at: { type: 'datetime', width: 150 },
    created_by_name: { width: 150 },
    order_refs: { width: 250 },
    line_count: { type: 'int', width: 100 },
    quantity: { type: 'number', width: 100 },
    picked_qty: { type: 'number', width: 100 },
    picked: { type: 'bool', renderer: 'checkbox', width: 100 },
    note: { editable: true, maxLength: 500, width: 250 },
  },
  actions: { delete: true, bulk: ['pick_list_create', 'pick_lists_print'] },
  details: ['pick_list_items'],
});
