import { defineScreen } from '../../schemas/screen.ts';

/**
 * Every UI text key × language side by side (app.v_translation_table, migration 056): the text
 * in force (a caption, else the catalogue's). Writing a cell writes that language's caption,
 * emptying it removes the caption. `missing_xx`: no real text in that language — empty, or
 * the same as English with letters in it and no caption deciding so (app.text_missing).
 * The toolbar's machine translation fills the missing texts of the picked or filtered rows.
 */
export default defineScreen({
  form: 'translation_table',
  menu: { icon: 'languages', order: 7 },
  source: {
    relation: 'app.v_translation_table',
    key: 'text_key',
    write: 'app.v_translation_table',
    sort: [{ colId: 'text_key', sort: 'asc' }],
  },
  columns: {
    text_key: { width: 250, pinned: 'left' },
    en: { editable: true, maxLength: 2000, width: 250 },
    de: { editable: true, maxLength: 2000, width: 250 },
    hu: { editable: true, maxLength: 2000, width: 250 },
    ro: { editable: true, maxLength: 2000, width: 250 },
    sk: { editable: true, maxLength: 2000, width: 250 },
    cs: { editable: true, maxLength: 2000, width: 250 },
    bg: { editable: true, maxLength: 2000, width: 250 },
    missing_de: { type: 'bool', renderer: 'checkbox', width: 100 },
    missing_hu: { type: 'bool', renderer: 'checkbox', width: 100 },
    missing_ro: { type: 'bool', renderer: 'checkbox', width: 100 },
    missing_sk: { type: 'bool', renderer: 'checkbox', width: 100 },
    missing_cs: { type: 'bool', renderer: 'checkbox', width: 100 },
    missing_bg: { type: 'bool', renderer: 'checkbox', width: 100 },
    overridden: { width: 150 },
  },
  actions: { bulk: ['machine_translate'] },
});
