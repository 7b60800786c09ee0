import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: the shops carrying the product — added, removed and reordered
 * here, published or not, with a price of the shop's own. A listing added without a
 * position goes last in its shop.
 */
export default defineScreen({
  form: 'product_shops',
  page: '/products/product_list',
  source: {
    relation: 'app.v_shop_products',
    key: ['shop_id', 'product_code'],
    write: 'app.shop_products',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'shop_id', sort: 'asc' }],
  },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_code: { width: 150, hidden: true },
    currency_code: { width: 100 },
    shop_price: { type: 'money', editable: true, min: 0, max: 100000000 },
    published: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000000, width: 100 },
    listing_categories: { type: 'multi', width: 250 },
    published_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true },
});
