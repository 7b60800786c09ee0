import { defineScreen } from '../../schemas/screen.ts';

/** Detail of partner_list: the partner's addresses (head office, warehouse, billing …), one name each. */
export default defineScreen({
  form: 'partner_addresses',
  page: '/partners/partner_list',
  source: {
    relation: 'app.v_partner_addresses',
    key: 'address_id',
    write: 'app.partner_addresses',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'address_name', sort: 'asc' }],
  },
  columns: {
    address_id: { type: 'int', hidden: true },
    partner_id: { type: 'int', editable: true, required: true, hidden: true },
    address_name: { editable: true, required: true, maxLength: 100, width: 150 },
    address_line_1: { editable: true, maxLength: 200, width: 200 },
    address_house_no: { editable: true, maxLength: 20, width: 100 },
    zip_code: { editable: true, maxLength: 20, width: 100 },
    city: { editable: true, maxLength: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', editable: true, required: true, width: 150 },
    first_name: { editable: true, maxLength: 100 },
    last_name: { editable: true, maxLength: 100 },
    phone: { editable: true, maxLength: 40, pattern: '^[0-9+ ()/-]*$', patternHint: '0–9 + ( ) / -' },
  },
  actions: { add: true, delete: true },
});
