import { defineScreen } from '../../schemas/screen.ts';

/** The countries (spec §3 "Country", shared reference data): the ISO code and names per language. */
export default defineScreen({
  form: 'countries',
  menu: { icon: 'earth', order: 22 },
  source: { relation: 'app.countries', key: 'country_code', write: 'app.countries', version: 'row_version', sort: [{ colId: 'country_code', sort: 'asc' }] },
  columns: {
    country_code: { required: true, maxLength: 2, pattern: '^[A-Z]{2}$', patternHint: 'A–Z', width: 100, pinned: 'left' },
    country_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
  },
  actions: { add: true, delete: true, translate: true },
});
