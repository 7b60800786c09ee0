import { defineScreen } from '../../schemas/screen.ts';

/**
 * Accessories offered with a product, both products of the company (found by the
 * products_brief search); also a detail grid of product_list.
 */
export default defineScreen({
  form: 'product_accessories',
  menu: { icon: 'puzzle', order: 5 },
  source: {
    relation: 'app.v_product_accessories',
    key: ['product_code', 'accessory_code'],
    write: 'app.product_accessories',
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
    accessory_code: { type: 'ref', lookup: 'products_brief', width: 250 },
    accessory_name: { type: 'multi', hidden: true },
    accessory_price: { type: 'money', width: 150 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
  },
  actions: { add: true, delete: true },
});
