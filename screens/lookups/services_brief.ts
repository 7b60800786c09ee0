import { defineScreen } from '../../schemas/screen.ts';

/** The company's services (spec §3: product_code, product_names): its products of type 'service' (migration 019). */
export default defineScreen({
  form: 'services_brief',
  access: 'authenticated',
  source: { relation: 'app.v_services', key: 'product_code', company: 'company_code', sort: [{ colId: 'product_code', sort: 'asc' }] },
  columns: { product_code: {}, product_names: { type: 'multi' }, active: { type: 'bool' } },
});
