import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the product's margin now and its targets (frontend_product_margins for one product). */
export default defineScreen({
  form: 'product_margins',
  page: '/products/product_list',
  source: { relation: 'app.v_product_margins', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { hidden: true, width: 150 },
    purchase_price_base: { type: 'money' },
    selling_price_shop: { type: 'money' },
    margin_percent: { type: 'number', total: 'avg' },
    min_margin: { type: 'number', total: 'avg', editable: true, min: 0, max: 1000 },
    exp_margin: { type: 'number', total: 'avg', editable: true, min: 0, max: 1000 },
    max_discount_limit_percent: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
  },
});
