import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'packing_templates_brief',
  access: 'authenticated',
  source: { relation: 'app.packing_templates', key: 'packing_template_id', sort: [{ colId: 'packing_template_name', sort: 'asc' }] },
  columns: {
    packing_template_id: { type: 'int' },
    packing_template_name: {},
    metal: { type: 'number' },
    wood: { type: 'number' },
    plastic: { type: 'number' },
    paper: { type: 'number' },
  },
});
