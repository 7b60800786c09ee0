import { defineScreen } from '../../schemas/screen.ts';

/** Discounts per product; the discounted price follows from the shop price (app.v_product_discounts). */
export default defineScreen({
  form: 'frontend_product_discounts',
  menu: { icon: 'badge-percent', order: 3 },
  source: { relation: 'app.v_product_discounts', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    selling_price_shop: { type: 'money' },
    discount_percent: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
    new_discount: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
    max_discount: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
    max_discount_limit_percent: { type: 'number', total: 'avg' },
    discount_end_date: { type: 'date', editable: true, editor: 'date', width: 150 },
    discounted_price_shop: { type: 'money' },
  },
});
