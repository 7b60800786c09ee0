import { defineScreen } from '../../schemas/screen.ts';

/** Stock moved from one storage to another: each row writes its two movements; never changed afterwards. */
export default defineScreen({
  form: 'stock_transfers',
  menu: { icon: 'arrow-left-right', order: 10 },
  source: {
    relation: 'app.v_stock_transfers',
    key: 'transfer_id',
    write: 'app.stock_transfers',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'transfer_id', sort: 'desc' }],
  },
  columns: {
    transfer_id: { type: 'int', hidden: true },
    moved_at: { type: 'datetime', width: 150 },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150 },
    product_name: { type: 'multi', width: 250 },
    from_storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    to_storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    quantity: { type: 'number', editable: true, required: true, min: 0.001, max: 1000000, width: 100 },
    reason: { editable: true, maxLength: 200, width: 250 },
    user_name: { width: 150 },
  },
  actions: { add: true },
});
