import { defineScreen } from '../../schemas/screen.ts';
import { poCostColumns, poCostSource } from './poLines.parts.ts';

/** Detail of /purchasing/new_purchase_order: the order's related costs (freight, customs, insurance) in any currency, converted into the order's currency with the company's rates (cost_converted_amount = amount × rate(from) / rate(to)) and spread onto the lines' landed cost. */
export default defineScreen({
  form: 'new_purchase_order_costs',
  page: '/purchasing/new_purchase_order',
  source: poCostSource,
  columns: poCostColumns,
  actions: { add: true, delete: true },
});
