import { defineScreen } from '../../schemas/screen.ts';

/**
 * The languages (spec §3 "Language", shared reference data): all of them are "all_languages",
 * the active ones "languages", in this order. Which a shop sells in is the shop's own
 * (/shops/frontend_shops, its languages below). The seven the back office speaks are never
 * deleted (rule language_of_ui); another language is added and removed here.
 */
export default defineScreen({
  form: 'languages',
  menu: { icon: 'languages', order: 23 },
  source: { relation: 'app.languages', key: 'language_code', write: 'app.languages', version: 'row_version', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: {
    language_code: { required: true, maxLength: 2, pattern: '^[a-z]{2}$', patternHint: 'a–z', width: 100, pinned: 'left' },
    iso_code: { editable: true, required: true, maxLength: 10, pattern: '^[a-z]{2}(-[A-Z]{2})?$', patternHint: 'a–z - A–Z', width: 100 },
    language_name: { editable: true, required: true, maxLength: 60, width: 200 },
    flag_code: { editable: true, required: true, maxLength: 10, pattern: '^[a-z]{2}(-[a-z]+)?$', patternHint: 'a–z -', width: 100 },
    family_name_first: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: false, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
  },
  actions: { add: true, delete: true },
});
