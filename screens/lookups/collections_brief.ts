import { defineScreen } from '../../schemas/screen.ts';

/** The collections (a brand's product lines, shared by the companies), chosen by name: a product's collection. */
export default defineScreen({
  form: 'collections_brief',
  access: 'authenticated',
  source: { relation: 'app.collections', key: 'ct_id', sort: [{ colId: 'ct_name', sort: 'asc' }] },
  columns: { ct_id: { type: 'int', label: 'ct_key' }, ct_name: {} },
});
