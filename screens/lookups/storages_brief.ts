import { defineScreen } from '../../schemas/screen.ts';

/** The company's storages in use, in walking order. */
export default defineScreen({
  form: 'storages_brief',
  access: 'authenticated',
  source: {
    relation: 'app.v_storages_brief',
    key: 'storage_id',
    company: 'company_code',
    sort: [
      { colId: 'walk_order', sort: 'asc' },
      { colId: 'storage_code', sort: 'asc' },
    ],
  },
  columns: { storage_id: { type: 'int', label: 'storage_key' }, storage_code: {}, walk_order: { type: 'int', hidden: true } },
});
