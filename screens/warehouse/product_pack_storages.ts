import { defineScreen } from '../../schemas/screen.ts';

/**
 * Where a product's packs belong (its home storages): receipts go there by default and
 * pick lists look there first. A product packed in several parcels has one row per pack
 * (<product_code>/<pack_no> on its label).
 */
export default defineScreen({
  form: 'product_pack_storages',
  menu: { icon: 'boxes', order: 5 },
  source: {
    relation: 'app.v_product_pack_storages',
    key: 'pack_storage_id',
    write: 'app.product_pack_storages',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'product_code', sort: 'asc' },
      { colId: 'pack_no', sort: 'asc' },
    ],
  },
  columns: {
    pack_storage_id: { type: 'int', hidden: true },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    pack_no: { type: 'int', editable: true, min: 1, max: 99, default: 1, width: 100 },
    product_pack_code: { width: 150 },
    storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    on_hand: { type: 'number', width: 100 },
  },
  actions: { add: true, delete: true },
});
