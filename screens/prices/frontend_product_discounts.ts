import { defineScreen } from '../../schemas/screen.ts';

/**
 * Discounts per product (issue 48): the current discount through its end date, then the staged
 * one (new_discount); "Discount today" is what the shop and a new order line give (capped at the
 * product's limit), the discounted price follows from it (app.v_product_discounts). A discount
 * over the limit is refused at its cell (row rule productDiscount; migration 121).
 */
export default defineScreen({
  form: 'frontend_product_discounts',
  menu: { icon: 'badge-percent', order: 3 },
  source: { relation: 'app.v_product_discounts', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    selling_price_shop: { type: 'money' },
    discount_percent: { type: 'number', total: 'avg', editable: true, min: 0, max: 100, rowRule: 'productDiscount' },
    discount_end_date: { type: 'date', editable: true, editor: 'date', width: 150 },
    new_discount: { type: 'number', total: 'avg', editable: true, min: 0, max: 100, rowRule: 'productDiscount' },
    max_discount: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
    max_discount_limit_percent: { type: 'number', total: 'avg' },
    discount_today: { type: 'number', total: 'avg' },
    discounted_price_shop: { type: 'money' },
    // The selling price is under the minimum margin (migration 129; the margins screen's rule): the marker's column.
    below_min_margin: { type: 'bool', hidden: true, width: 100 },
  },
  markers: ['belowMinMargin'],
});
