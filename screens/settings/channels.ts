import { defineScreen } from '../../schemas/screen.ts';

/** The sales channels (spec §3 "channel_code, channel_names", shared reference data), in this order. */
export default defineScreen({
  form: 'channels',
  menu: { icon: 'split', order: 26 },
  source: { relation: 'app.channels', key: 'channel_code', write: 'app.channels', version: 'row_version', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: {
    channel_code: { required: true, maxLength: 40, pattern: '^[a-z][a-z0-9_]{0,39}$', patternHint: 'a–z 0–9 _', width: 150, pinned: 'left' },
    channel_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
