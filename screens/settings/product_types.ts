import { defineScreen } from '../../schemas/screen.ts';

/** Product types (shared reference data): a code and names per language; a product names one (pt_id). */
export default defineScreen({
  form: 'product_types',
  menu: { icon: 'shapes', order: 24 },
  source: { relation: 'app.product_types', key: 'pt_id', write: 'app.product_types', generatedKey: true, version: 'row_version', sort: [{ colId: 'pt_code', sort: 'asc' }] },
  columns: {
    pt_id: { type: 'int', width: 100 },
    pt_code: { editable: true, required: true, maxLength: 40, pattern: '^[a-z0-9_]+$', patternHint: 'a–z 0–9 _', width: 150 },
    pt_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
  },
  actions: { add: true, delete: true, translate: true },
});
