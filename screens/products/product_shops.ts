import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the shops carrying the product, published or not. */
export default defineScreen({
  form: 'product_shops',
  page: '/products/product_list',
  source: { relation: 'app.v_shop_products', key: ['shop_id', 'product_code'], write: 'app.shop_products', company: 'company_code', writeCompany: false, version: 'row_version' },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_code: { width: 150, hidden: true },
    currency_code: { width: 100 },
    shop_price: { type: 'money', editable: true, min: 0, max: 100000000 },
    published: { type: 'bool', renderer: 'activeFlag', editable: true, width: 100 },
    published_at: { type: 'datetime', width: 150 },
  },
});
