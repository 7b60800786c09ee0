import { defineScreen } from '../../schemas/screen.ts';

/**
 * A shop's products: added (also by import), removed and reordered here, published or not,
 * with an optional price of the shop's own; the categories each shows under in the shop
 * below (shop_product_categories). A listing added without a position goes last.
 */
export default defineScreen({
  form: 'frontend_shop_products',
  menu: { icon: 'package', order: 5 },
  source: {
    relation: 'app.v_shop_products',
    key: ['shop_id', 'product_code'],
    write: 'app.shop_products',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_code: { width: 150, references: 'product_list', maxLength: 40 },
    product_name: { type: 'multi', width: 250 },
    selling_price_shop: { type: 'money' },
    shop_price: { type: 'money', editable: true, min: 0, max: 100000000 },
    published: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000000, width: 100 },
    listing_categories: { type: 'multi', width: 250 },
    published_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true },
  details: ['shop_product_categories'],
});
