import { defineScreen } from '../../schemas/screen.ts';

/**
 * Purchase prices: in the supplier's currency (original) and in the company's (base); the
 * bulk update changes them by a percentage or an amount for the picked rows or the filter.
 */
export default defineScreen({
  form: 'frontend_purchase_prices',
  menu: { icon: 'receipt', order: 4 },
  source: { relation: 'app.v_purchase_prices', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    supplier_product_code: { editable: true, maxLength: 60 },
    mf_name: { width: 150 },
    purchase_price_original: { type: 'money', currencyField: 'purchase_price_currency_code', editable: true, min: 0, max: 100000000 },
    purchase_price_currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, width: 100 },
    purchase_price_base: { type: 'money', editable: true, min: 0, max: 100000000 },
    selling_price_shop: { type: 'money' },
    purchase_time: { type: 'int', editable: true, min: 0, max: 3650, width: 100 },
    // The selling price is under the minimum margin (migration 129; the margins screen's rule): the marker's column.
    below_min_margin: { type: 'bool', hidden: true, width: 100 },
  },
  markers: ['belowMinMargin'],
  actions: { bulk: ['purchase_price_update'] },
});
