import { defineScreen } from '../../schemas/screen.ts';

/**
 * Read-only: every line sold (app.v_sales_detailed, migration 070) — orders marked deleted
 * and cancelled ones are not sales and are left out; the state is shown to narrow the rest.
 * Amounts in the order currency, and in the company currency (shown in the view currency)
 * to add up across currencies. The chart: net revenue per month under the grid's filters.
 */
export default defineScreen({
  form: 'sales_detailed',
  menu: { icon: 'chart-line', order: 4 },
  source: {
    relation: 'app.v_sales_detailed',
    key: 'item_id',
    company: 'company_code',
    sort: [
      { colId: 'sold_on', sort: 'desc' },
      { colId: 'item_id', sort: 'desc' },
    ],
  },
  columns: {
    item_id: { type: 'int', hidden: true },
    sold_on: { type: 'date', width: 100 },
    sold_month: { width: 100 },
    order_reference: { label: 'fsm_reference', width: 150 },
    state_names: { type: 'multi', width: 150 },
    partner_name: { label: 'customer', width: 200 },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    product_category_id: { type: 'ref', lookup: 'product_categories_brief', renderer: 'productCategory', label: 'main_product_category_id', width: 200 },
    quantity: { type: 'number', width: 100 },
    currency_code: { width: 100 },
    net_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    vat_amount: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    gross_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    // In the company currency at the order day's rate, shown in the view currency with that day's rates (issue 46).
    net_company: { type: 'money', ratesField: 'day_rates', width: 100 },
    vat_company: { type: 'money', ratesField: 'day_rates', width: 100, hidden: true },
    gross_company: { type: 'money', ratesField: 'day_rates', width: 100 },
    day_rates: { type: 'json', hidden: true },
  },
  chart: { kind: 'bar', category: 'sold_month', value: 'net_company' },
});
