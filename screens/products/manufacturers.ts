import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'manufacturers',
  menu: { icon: 'factory', order: 4 },
  source: { relation: 'app.manufacturers', key: 'mf_id', write: 'app.manufacturers', generatedKey: true, version: 'row_version' },
  columns: {
    mf_id: { type: 'int', label: 'mf_key', width: 100 },
    mf_name: { editable: true, required: true, maxLength: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', editable: true, width: 150 },
  },
  actions: { add: true, delete: true },
});
