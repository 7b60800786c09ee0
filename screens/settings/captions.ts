import { defineScreen } from '../../schemas/screen.ts';

/**
 * Captions: an administrator's text instead of the catalogue's for one UI text key in one
 * language (app.captions, migration 056). The browser loads a language's captions with its
 * catalogue (i18n/I18nProvider.tsx), the server's mails and print documents read them too;
 * deleting one shows the catalogue's text again. A caption is a valid ICU message with the
 * placeholders of the key's text (core/icuShape.ts, checked on every write: texts/checks.ts).
 */
export default defineScreen({
  form: 'captions',
  menu: { icon: 'type', order: 6 },
  source: {
    relation: 'app.v_captions',
    key: ['text_key', 'language_code'],
    write: 'app.captions',
    version: 'row_version',
    sort: [
      { colId: 'text_key', sort: 'asc' },
      { colId: 'language_code', sort: 'asc' },
    ],
  },
  columns: {
    text_key: { required: true, maxLength: 200, pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)+$', patternHint: 'a–z 0–9 _ .', width: 250 },
    language_code: { required: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 150 },
    caption_text: { editable: true, required: true, maxLength: 2000, width: 250 },
    catalogue_text: { width: 250 },
    english_text: { width: 250 },
    updated_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true },
});
