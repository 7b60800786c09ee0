import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'product_types_brief',
  access: 'authenticated',
  source: { relation: 'app.product_types', key: 'pt_id' },
  columns: { pt_id: { type: 'int' }, pt_code: {}, pt_names: { type: 'multi' } },
});
