import { defineScreen } from '../../schemas/screen.ts';

/** Products of the company by code and name: 20,000+ rows, so searched, never loaded whole. */
export default defineScreen({
  form: 'products_brief',
  access: 'authenticated',
  source: { relation: 'app.products', key: 'product_code', company: 'company_code', search: true, sort: [{ colId: 'product_code', sort: 'asc' }] },
  columns: { product_code: {}, product_name: { type: 'multi' } },
});
