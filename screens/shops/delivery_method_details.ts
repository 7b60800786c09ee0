import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of delivery_methods: the price per destination country and weight band
 * (weight_from ≤ kg < weight_to, open-ended when empty; bands do not overlap) and the
 * band's free-shipping threshold (the method's when empty), in the company's currency.
 */
export default defineScreen({
  form: 'delivery_method_details',
  page: '/shops/delivery_methods',
  source: {
    relation: 'app.v_delivery_method_rates',
    key: 'dm_rate_id',
    write: 'app.delivery_method_rates',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'country_code', sort: 'asc' },
      { colId: 'weight_from', sort: 'asc' },
    ],
  },
  columns: {
    dm_rate_id: { type: 'int', hidden: true },
    dm_id: { type: 'ref', lookup: 'dm_brief', editable: true, required: true, hidden: true },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', editable: true, required: true, width: 150 },
    weight_from: { type: 'number', editable: true, required: true, min: 0, max: 100000, renderer: 'weight', width: 100 },
    weight_to: { type: 'number', editable: true, min: 0.001, max: 100000, renderer: 'weight', width: 100 },
    price: { type: 'money', editable: true, required: true, min: 0, max: 1000000 },
    free_from: { type: 'money', editable: true, min: 0, max: 100000000 },
    free_from_effective: { type: 'money' },
    delivery_days: { type: 'int', editable: true, min: 0, max: 365, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
