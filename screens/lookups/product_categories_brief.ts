import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'product_categories_brief',
  access: 'authenticated',
  source: {
    relation: 'app.product_categories',
    key: 'product_category_id',
    parent: 'parent_category_id',
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
    active: { type: 'bool' },
  },
});
