import { defineScreen } from '../../schemas/screen.ts';

/**
 * Read-only ABC / Pareto list: the company's products ranked by net revenue (company
 * currency, shown in the view currency) or quantity sold in a chosen period
 * (app.list_80_percent, migration 070), with share, cumulative share and class A (≤ 80 %),
 * B (≤ 95 %), C. The period and the measure are the source's parameters: inputs above the
 * grid, kept in the address (?date_from=…&date_to=…&measure=quantity). The chart: the
 * Pareto of what the rows are ranked by, following the grid's filters.
 */
export default defineScreen({
  form: 'list_80_percent',
  menu: { icon: 'chart-pie', order: 3 },
  source: {
    relation: 'app.list_80_percent',
    key: 'product_code',
    company: 'company_code',
    params: ['date_from', 'date_to', 'measure'],
    sort: [{ colId: 'sales_rank', sort: 'asc' }],
  },
  columns: {
    sales_rank: { type: 'int', width: 50, pinned: 'left' },
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    abc_class: { width: 50 },
    revenue: { type: 'money', width: 150 },
    quantity: { type: 'number', width: 100 },
    share: { type: 'number', width: 100, total: 'max' },
    cumulative_share: { type: 'number', width: 100, total: 'max' },
    date_from: { type: 'date', width: 100, hidden: true, filterable: false },
    date_to: { type: 'date', width: 100, hidden: true, filterable: false },
    measure: { options: ['revenue', 'quantity'], width: 100, hidden: true, filterable: false },
  },
  chart: { kind: 'pareto', category: 'product_code', value: 'revenue', byParam: { param: 'measure', values: { quantity: 'quantity' } } },
});
