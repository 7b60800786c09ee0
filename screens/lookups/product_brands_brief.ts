import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'product_brands_brief',
  access: 'authenticated',
  source: { relation: 'app.brands', key: 'brand_id', sort: [{ colId: 'brand_name', sort: 'asc' }] },
  columns: { brand_id: { type: 'int', label: 'brand_key' }, brand_name: {}, active: { type: 'bool' } },
});
