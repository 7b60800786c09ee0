import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'product_manufacturers_brief',
  access: 'authenticated',
  source: { relation: 'app.manufacturers', key: 'mf_id', sort: [{ colId: 'mf_name', sort: 'asc' }] },
  columns: { mf_id: { type: 'int', label: 'mf_key' }, mf_name: {}, country_code: {} },
});
