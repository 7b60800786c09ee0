import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'shops_brief',
  access: 'authenticated',
  source: { relation: 'app.shops', key: 'shop_id', company: 'company_code', sort: [{ colId: 'hostname', sort: 'asc' }] },
  columns: { shop_id: { type: 'int' }, hostname: {}, shop_name: {}, currency_code: {} },
});
