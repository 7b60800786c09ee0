import { defineScreen } from '../../schemas/screen.ts';
import { poItemColumns, poItemSource } from './poLines.parts.ts';

/** Detail of /purchasing/new_purchase_order: the order's lines: a product of the company, its quantity and unit price in the order's currency (default: the supplier's price, converted), what arrived and its landed cost (the line's share of the related costs by value). Lines change while the order is a draft or ordered (rule purchase_order_closed). */
export default defineScreen({
  form: 'new_purchase_order_items',
  page: '/purchasing/new_purchase_order',
  source: poItemSource,
  columns: poItemColumns,
  actions: { add: true, delete: true },
});
