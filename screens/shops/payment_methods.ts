import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'payment_methods',
  menu: { icon: 'credit-card', order: 9 },
  source: {
    relation: 'app.payment_methods',
    key: 'pm_id',
    write: 'app.payment_methods',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    pm_id: { type: 'int', width: 100 },
    pm_code: { editable: true, required: true, maxLength: 40, pattern: '^[a-z0-9_]+$', patternHint: 'a–z 0–9 _', width: 150 },
    pm_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    fee: { type: 'money', editable: true, min: 0, max: 1000000 },
    prepayment: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['payment_method_shops'],
});
