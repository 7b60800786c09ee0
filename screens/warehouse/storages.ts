import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of the shelf list: the shelf's storages (bins) by position and level, with what
 * lies on them; a storage holding goods is marked (storage_is_used) and is not deleted
 * (its stock and movements name it).
 */
export default defineScreen({
  form: 'storages',
  page: '/warehouse/shelf_list',
  source: {
    relation: 'app.v_storages',
    key: 'storage_id',
    write: 'app.storages',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'position', sort: 'asc' },
      { colId: 'level', sort: 'asc' },
    ],
  },
  columns: {
    storage_id: { type: 'int', label: 'storage_key', hidden: true },
    shelf_id: { type: 'int', editable: true, required: true, hidden: true },
    storage_code: { editable: true, required: true, maxLength: 30, pattern: '^[A-Za-z0-9._/-]+$', patternHint: 'A–Z 0–9 . _ / -', width: 150 },
    position: { type: 'int', editable: true, min: 1, max: 999, default: 1, width: 100 },
    level: { type: 'int', editable: true, min: 1, max: 30, default: 1, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    product_count: { type: 'int', width: 100 },
    on_hand: { type: 'number', width: 100 },
    storage_is_used: { type: 'bool', renderer: 'checkbox', width: 100 },
  },
  actions: { add: true, delete: true },
  markers: ['storageUsed'],
});
