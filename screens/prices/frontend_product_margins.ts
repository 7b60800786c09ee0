import { defineScreen } from '../../schemas/screen.ts';

/**
 * Margins per product (issue 48): the margin on the purchase price now, the targets, and the
 * lowest price keeping the minimum margin. A selling price under it is marked (the row marker
 * belowMinMargin: its cell amber, its title says why) and saved only when confirmed (migration
 * 121). "Reprice…"
 * sets new prices by the price rule for the picked rows or the filter (preview, then apply;
 * Ctrl+Z puts the old prices back).
 */
export default defineScreen({
  form: 'frontend_product_margins',
  menu: { icon: 'percent', order: 2 },
  source: { relation: 'app.v_product_margins', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    purchase_price_base: { type: 'money' },
    selling_price_shop: { type: 'money', editable: true, min: 0, max: 100000000 },
    min_price: { type: 'money' },
    margin_percent: { type: 'number', total: 'avg' },
    min_margin: { type: 'number', total: 'avg', editable: true, min: 0, max: 1000 },
    exp_margin: { type: 'number', total: 'avg', editable: true, min: 0, max: 1000 },
    max_discount_limit_percent: { type: 'number', total: 'avg', editable: true, min: 0, max: 100 },
    // The price is under the minimum margin (the database's twin of core/prices.ts belowMinMargin): the marker's column.
    below_min_margin: { type: 'bool', hidden: true, width: 100 },
  },
  markers: ['belowMinMargin'],
  actions: { bulk: ['reprice'] },
});
