import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'brands',
  menu: { icon: 'badge', order: 3 },
  source: { relation: 'app.brands', key: 'brand_id', write: 'app.brands', generatedKey: true, version: 'row_version' },
  columns: {
    brand_id: { type: 'int', label: 'brand_key', width: 100 },
    brand_name: { editable: true, required: true, maxLength: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
