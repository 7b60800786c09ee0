import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'delivery_methods',
  menu: { icon: 'truck', order: 8 },
  source: {
    relation: 'app.delivery_methods',
    key: 'dm_id',
    write: 'app.delivery_methods',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    dm_id: { type: 'int', width: 100 },
    dm_code: { editable: true, required: true, maxLength: 40, pattern: '^[a-z0-9_]+$', patternHint: 'a–z 0–9 _', width: 150 },
    dm_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    price: { type: 'money', editable: true, min: 0, max: 1000000 },
    free_from: { type: 'money', editable: true, min: 0, max: 100000000 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['delivery_method_details'],
});
