import { defineScreen } from '../../schemas/screen.ts';

/**
 * Shelf list: the company's shelves in walking order (pick lists walk them so), with how
 * many storages each has and how many hold goods; its storages open below.
 */
export default defineScreen({
  form: 'shelves',
  route: '/warehouse/shelf_list',
  menu: { icon: 'layout-grid', order: 1 },
  source: {
    relation: 'app.v_shelves',
    key: 'shelf_id',
    write: 'app.shelves',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'walk_order', sort: 'asc' },
      { colId: 'shelf_code', sort: 'asc' },
    ],
  },
  columns: {
    shelf_id: { type: 'int', hidden: true },
    shelf_code: { editable: true, required: true, maxLength: 20, pattern: '^[A-Za-z0-9._/-]+$', patternHint: 'A–Z 0–9 . _ / -', width: 100, pinned: 'left' },
    description: { editable: true, maxLength: 200, width: 250 },
    walk_order: { type: 'int', editable: true, min: 0, max: 100000, default: 0, width: 100 },
    storage_count: { type: 'int', width: 100 },
    used_count: { type: 'int', width: 100 },
  },
  actions: { add: true, delete: true },
  details: ['storages'],
});
