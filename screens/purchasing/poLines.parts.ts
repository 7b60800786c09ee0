/**
 * The columns of a purchase order's lines and related costs, shown below the orders on
 * /purchasing/purchase_orders and below the drafts on /purchasing/new_purchase_order (one
 * detail form per page: a page's permissions govern its details).
 */
export const poItemColumns = {
  po_item_id: { type: 'int', hidden: true },
  po_id: { type: 'int', editable: true, required: true, hidden: true },
  product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150 },
  product_name: { type: 'multi', width: 250 },
  quantity: { type: 'number', editable: true, required: true, min: 0.001, max: 1000000, width: 100 },
  unit_price: { type: 'money', currencyField: 'currency_code', editable: true, min: 0, width: 100 },
  line_value: { type: 'money', currencyField: 'currency_code', width: 100 },
  cost_share: { type: 'money', currencyField: 'currency_code', width: 100 },
  landed_unit_cost: { type: 'money', currencyField: 'currency_code', width: 100 },
  received_qty: { type: 'number', width: 100 },
  open_qty: { type: 'number', width: 100 },
  currency_code: { width: 100, hidden: true },
} as const;

export const poItemSource = {
  relation: 'app.v_purchase_order_items',
  key: 'po_item_id',
  write: 'app.purchase_order_items',
  generatedKey: true,
  company: 'company_code',
  writeCompany: false,
  version: 'row_version',
  sort: [{ colId: 'po_item_id', sort: 'asc' as const }],
};

export const poCostColumns = {
  cost_id: { type: 'int', hidden: true },
  po_id: { type: 'int', editable: true, required: true, hidden: true },
  cost_name: { editable: true, required: true, maxLength: 100, width: 250 },
  cost_amount: { type: 'money', currencyField: 'cost_currency_code', editable: true, required: true, min: 0, max: 100000000, width: 100 },
  cost_currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, required: true, width: 100 },
  cost_currency_rate: { type: 'number', width: 100 },
  cost_converted_amount: { type: 'money', currencyField: 'currency_code', width: 150 },
  currency_code: { width: 100, hidden: true },
} as const;

export const poCostSource = {
  relation: 'app.v_purchase_order_costs',
  key: 'cost_id',
  write: 'app.purchase_order_costs',
  generatedKey: true,
  company: 'company_code',
  writeCompany: false,
  version: 'row_version',
  sort: [{ colId: 'cost_id', sort: 'asc' as const }],
};
