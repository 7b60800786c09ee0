import { defineScreen } from '../../schemas/screen.ts';

/** The product categories the company's shops show (spec §7: frontend_product_categories_brief; app.v_frontend_product_categories). */
export default defineScreen({
  form: 'frontend_product_categories_brief',
  access: 'authenticated',
  source: {
    relation: 'app.v_frontend_product_categories',
    key: 'product_category_id',
    company: 'company_code',
    sort: [
      { colId: 'parent_category_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    product_category_id: { type: 'int' },
    product_category_names: { type: 'multi' },
    parent_category_id: { type: 'int' },
    position: { type: 'int' },
  },
});
