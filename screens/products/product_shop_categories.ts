import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: the categories the product's shop listings show under besides its
 * main category, per shop (the same rows as the shop products' "Categories of the listing").
 * A category is given to a shop the product is listed in (its shops tab): for any other
 * shop the database refuses the row.
 */
export default defineScreen({
  form: 'product_shop_categories',
  page: '/products/product_list',
  source: {
    relation: 'app.v_shop_product_categories',
    key: ['shop_id', 'product_code', 'product_category_id'],
    write: 'app.shop_product_categories',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'shop_id', sort: 'asc' }],
  },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_code: { hidden: true },
    product_category_id: { type: 'ref', lookup: 'product_categories_brief', renderer: 'productCategory', label: 'product_category_names', width: 250 },
  },
  actions: { add: true, delete: true },
});
