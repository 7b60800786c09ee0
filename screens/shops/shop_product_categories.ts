import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of frontend_shop_products: the categories a listing shows under in its shop besides
 * the product's main category (the storefront lists it on those categories' pages, and on
 * their parents' within the shop's categories).
 */
export default defineScreen({
  form: 'shop_product_categories',
  page: '/shops/frontend_shop_products',
  source: {
    relation: 'app.v_shop_product_categories',
    key: ['shop_id', 'product_code', 'product_category_id'],
    write: 'app.shop_product_categories',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
  },
  columns: {
    shop_id: { type: 'int', hidden: true },
    product_code: { hidden: true },
    product_category_id: { type: 'ref', lookup: 'product_categories_brief', renderer: 'productCategory', label: 'product_category_names', width: 250 },
  },
  actions: { add: true, delete: true },
});
