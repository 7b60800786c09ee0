import { defineScreen } from '../../schemas/screen.ts';
import { DEFAULT_MONTHLY_CHARACTERS, MAX_MONTHLY_BUDGET } from '../../src/core/aiLimits.ts';

/**
 * The machine translation engines of the session's company (issue 25, migration 061): which
 * it may use, and its default — what the grid's and the forms' translate action call (one
 * default per company: marking one takes the mark from the other). `configured`: whether
 * this server has the engine's API key (the key itself is never shown); this month's use
 * counts the company's calls and the characters sent (app.ai_usage), against its monthly
 * character budget (migration 088: once used up, the engine answers 429 until next month).
 */
export default defineScreen({
  form: 'gtranslate',
  menu: { icon: 'languages', order: 8 },
  source: {
    relation: 'app.v_translation_engines',
    key: 'translation_engine_id',
    write: 'app.translation_engines',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'engine', sort: 'asc' }],
  },
  columns: {
    translation_engine_id: { type: 'int', hidden: true },
    engine: { label: 'translation_engine', editable: true, required: true, options: ['google', 'deepl'], optionsKey: 'translation_engine', width: 200, pinned: 'left' },
    enabled: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    configured: { label: 'engine_configured', type: 'bool', renderer: 'checkbox', width: 150 },
    month_characters: { type: 'int', total: 'sum', width: 150 },
    monthly_character_budget: { type: 'int', editable: true, required: true, min: 0, max: MAX_MONTHLY_BUDGET, default: DEFAULT_MONTHLY_CHARACTERS, width: 150 },
    month_calls: { type: 'int', total: 'sum', width: 150 },
  },
  actions: { add: true, delete: true },
});
