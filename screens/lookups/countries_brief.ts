import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'countries_brief',
  access: 'authenticated',
  source: { relation: 'app.countries', key: 'country_code' },
  columns: { country_code: {}, country_names: { type: 'multi' } },
});
