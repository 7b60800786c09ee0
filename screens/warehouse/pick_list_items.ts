import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of pick lists (spec "pick list details"): the lines in walking order (shelf, then
 * position). Typing the picked quantity takes it off the storage (a pick movement in the
 * same transaction; more than the storage holds is refused: stock_not_negative), setting it
 * back returns it. Before picking a line may move to another storage.
 */
export default defineScreen({
  form: 'pick_list_items',
  page: '/warehouse/pick_lists',
  source: {
    relation: 'app.v_pick_list_items',
    key: 'pick_item_id',
    write: 'app.pick_list_items',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'walk_order', sort: 'asc' },
      { colId: 'shelf_code', sort: 'asc' },
      { colId: 'storage_position', sort: 'asc' },
      { colId: 'pick_item_id', sort: 'asc' },
    ],
  },
  columns: {
    pick_item_id: { type: 'int', hidden: true },
    pick_list_id: { type: 'int', hidden: true },
    walk_order: { type: 'int', hidden: true },
    shelf_code: { width: 100 },
    storage_position: { type: 'int', hidden: true },
    storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    fsm_reference: { width: 150 },
    quantity: { type: 'number', width: 100 },
    picked_qty: { type: 'number', editable: true, min: 0, max: 1000000, width: 100 },
    open_qty: { type: 'number', width: 100 },
    picked_at: { type: 'datetime', width: 150 },
  },
});
