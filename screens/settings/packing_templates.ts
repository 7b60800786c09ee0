import { defineScreen } from '../../schemas/screen.ts';

/** Packing templates (spec §3): a name and the packaging materials' weights per unit, in kg; products point at one (product_packing). */
export default defineScreen({
  form: 'packing_templates',
  menu: { icon: 'box', order: 5 },
  source: {
    relation: 'app.packing_templates',
    key: 'packing_template_id',
    write: 'app.packing_templates',
    generatedKey: true,
    version: 'row_version',
    sort: [{ colId: 'packing_template_name', sort: 'asc' }],
  },
  columns: {
    packing_template_id: { type: 'int', label: 'packing_template_no', width: 100 },
    packing_template_name: { editable: true, required: true, maxLength: 100, width: 250 },
    metal: { type: 'number', editable: true, required: true, min: 0, max: 1000, default: 0, width: 100 },
    wood: { type: 'number', editable: true, required: true, min: 0, max: 1000, default: 0, width: 100 },
    plastic: { type: 'number', editable: true, required: true, min: 0, max: 1000, default: 0, width: 100 },
    paper: { type: 'number', editable: true, required: true, min: 0, max: 1000, default: 0, width: 100 },
  },
  actions: { add: true, delete: true },
});
