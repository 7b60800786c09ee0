import { defineScreen } from '../../schemas/screen.ts';

/** Active products in stock or kept in stock that have no home storage yet (give them one on /warehouse/product_pack_storages). */
export default defineScreen({
  form: 'products_without_storage',
  menu: { icon: 'package-x', order: 7 },
  source: { relation: 'app.v_products_without_storage', key: 'product_code', company: 'company_code', sort: [{ colId: 'product_code', sort: 'asc' }] },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    stock_qty: { type: 'number', width: 100 },
    keep_in_stock: { type: 'int', options: [0, 1, 2], renderer: 'keepInStock', width: 100 },
  },
});
