import { defineScreen } from '../../schemas/screen.ts';

/**
 * Who supplies a product (spec "product suppliers"): the supplier's code, price and currency,
 * lead time and minimum order quantity. The default supplier (one per product; ticking one
 * unticks the other) is the one goods to order proposes, else the cheapest.
 */
export default defineScreen({
  form: 'product_suppliers',
  route: '/purchasing/product_supplier',
  menu: { icon: 'building-2', order: 5 },
  source: {
    relation: 'app.v_product_suppliers',
    key: 'product_supplier_id',
    write: 'app.product_suppliers',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    siblingWrites: true,
    sort: [
      { colId: 'product_code', sort: 'asc' },
      { colId: 'partner_id', sort: 'asc' },
    ],
  },
  columns: {
    product_supplier_id: { type: 'int', hidden: true },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    partner_id: { type: 'ref', lookup: 'suppliers_brief', label: 'supplier', editable: true, required: true, width: 250 },
    supplier_product_code: { editable: true, maxLength: 60, width: 150 },
    purchase_price: { type: 'money', currencyField: 'currency_code', editable: true, required: true, min: 0, max: 100000000, width: 100 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, required: true, width: 100 },
    lead_time_days: { type: 'int', editable: true, min: 0, max: 365, default: 14, width: 100 },
    min_order_qty: { type: 'number', editable: true, min: 0.001, max: 1000000, default: 1, width: 100 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
  },
  actions: { add: true, delete: true },
});
