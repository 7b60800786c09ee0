import { defineScreen } from '../../schemas/screen.ts';

/** Detail of categories: the category's place in each shop of the company (shop_categories). */
export default defineScreen({
  form: 'category_positions',
  page: '/products/categories',
  source: {
    relation: 'app.v_shop_categories',
    key: ['shop_id', 'product_category_id'],
    write: 'app.shop_categories',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'shop_id', sort: 'asc' }],
  },
  columns: {
    product_category_id: { type: 'int', hidden: true },
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
