import { defineScreen } from '../../schemas/screen.ts';

/** Collections: a brand's product lines ("Nordic", "Pro Series"), shared by the companies as brands are; a product names its one. */
export default defineScreen({
  form: 'collections',
  menu: { icon: 'library', order: 9 },
  source: { relation: 'app.collections', key: 'ct_id', write: 'app.collections', generatedKey: true, version: 'row_version', sort: [{ colId: 'ct_name', sort: 'asc' }] },
  columns: {
    ct_id: { type: 'int', label: 'ct_key', width: 100 },
    ct_name: { editable: true, required: true, maxLength: 100 },
  },
  actions: { add: true, delete: true },
});
