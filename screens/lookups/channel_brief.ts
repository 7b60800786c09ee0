import { defineScreen } from '../../schemas/screen.ts';

/** The sales channels by their names (spec §7: channel_brief; shared reference data). */
export default defineScreen({
  form: 'channel_brief',
  access: 'authenticated',
  source: { relation: 'app.channels', key: 'channel_code', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: { channel_code: {}, channel_names: { type: 'multi' }, position: { type: 'int' }, active: { type: 'bool' } },
});
