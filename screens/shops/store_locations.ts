import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'store_locations',
  menu: { icon: 'map-pin', order: 11 },
  source: { relation: 'app.store_locations', key: 'store_location_id', write: 'app.store_locations', generatedKey: true, company: 'company_code', version: 'row_version' },
  columns: {
    store_location_id: { type: 'int', width: 100 },
    store_name: { editable: true, required: true, maxLength: 100, width: 200 },
    address_line_1: { editable: true, maxLength: 200, width: 200 },
    zip_code: { editable: true, maxLength: 20, width: 100 },
    city: { editable: true, maxLength: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', editable: true, width: 150 },
    phone: { editable: true, maxLength: 40, pattern: '^[0-9+ ()/-]*$' },
    opening_hours: { editable: true, maxLength: 200, width: 200 },
    latitude: { type: 'number', editable: true, min: -90, max: 90, width: 100 },
    longitude: { type: 'number', editable: true, min: -180, max: 180, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
