import { defineScreen } from '../../schemas/screen.ts';

/**
 * Products offered instead of a product (sold out, discontinued), both of the company
 * (found by the products_brief search); also a detail grid of product_list.
 */
export default defineScreen({
  form: 'product_alternatives',
  menu: { icon: 'shuffle', order: 6 },
  source: {
    relation: 'app.v_product_alternatives',
    key: ['product_code', 'alternative_code'],
    write: 'app.product_alternatives',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'product_code', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    product_code: { type: 'ref', lookup: 'products_brief', width: 250 },
    product_name: { type: 'multi', hidden: true },
    alternative_code: { type: 'ref', lookup: 'products_brief', width: 250 },
    alternative_name: { type: 'multi', hidden: true },
    alternative_price: { type: 'money', width: 150 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
  },
  actions: { add: true, delete: true },
});
