import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'vats_brief',
  access: 'authenticated',
  source: { relation: 'app.vats', key: 'vat_id', company: 'company_code', sort: [{ colId: 'vat_rate', sort: 'desc' }] },
  columns: {
    vat_id: { type: 'int' },
    vat_code: {},
    vat_names: { type: 'multi' },
    vat_rate: { type: 'number' },
    vat_default: { type: 'bool' },
  },
});
