import { defineScreen } from '../../schemas/screen.ts';
import { AI_MAX_TOKENS, MAX_MONTHLY_BUDGET } from '../../src/core/aiLimits.ts';

/**
 * ChatGPT settings (migration 062): per chat engine of the company, the models it allows
 * (the pickers offer them; a request naming another is refused, issue 42), the default one,
 * a reply's defaults (spec §9: gpt-4o, 0.5, 1, 500; max_tokens is also the ceiling of a
 * request's), how many replies a user may ask a day (0: no limit), the monthly token budget
 * beside this month's use (migration 088), and which engine is the company's for AI content
 * (`is_default`: the AI dialogs start on it; one per company, migration 072).
 * Every company has its two rows; only edited.
 */
export default defineScreen({
  form: 'chatgpt',
  menu: { icon: 'message-circle', order: 9 },
  source: {
    relation: 'app.v_chatgpt_settings',
    key: 'engine',
    write: 'app.chatgpt_settings',
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'engine', sort: 'desc' }],
    // Marking one engine the default unmarks the other.
    siblingWrites: true,
  },
  columns: {
    engine: { label: 'chat_engine', options: ['openai', 'deepseek'], width: 150, pinned: 'left' },
    models: { label: 'chat_models', editable: true, required: true, maxLength: 1000, pattern: '^[A-Za-z0-9._:/-]+(, ?[A-Za-z0-9._:/-]+)*$', patternHint: 'gpt-4o, gpt-4o-mini', width: 250 },
    default_model: { editable: true, required: true, maxLength: 100, pattern: '^[A-Za-z0-9._:/-]+$', patternHint: 'gpt-4o', width: 150 },
    monthly_token_budget: { type: 'int', editable: true, required: true, min: 0, max: MAX_MONTHLY_BUDGET, width: 150 },
    month_tokens: { type: 'int', width: 150 },
    temperature: { type: 'number', editable: true, required: true, min: 0, max: 2, width: 100 },
    top_p: { type: 'number', editable: true, required: true, min: 0, max: 1, width: 100 },
    max_tokens: { type: 'int', editable: true, required: true, min: 1, max: AI_MAX_TOKENS, width: 100 },
    daily_limit: { label: 'chat_daily_limit', type: 'int', editable: true, required: true, min: 0, max: 100000, width: 150 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
});
