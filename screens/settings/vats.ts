import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'vats',
  menu: { icon: 'percent', order: 4 },
  source: {
    relation: 'app.vats',
    key: 'vat_id',
    write: 'app.vats',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
  },
  columns: {
    vat_id: { type: 'int', width: 100 },
    vat_code: { editable: true, required: true, maxLength: 20 },
    vat_names: { type: 'multi', editable: true, required: true, maxLength: 100 },
    vat_rate: { type: 'number', total: 'avg', editable: true, required: true, min: 0, max: 100, width: 100 },
    vat_default: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
