import { defineScreen } from '../../schemas/screen.ts';

/** The company's prompts as a lookup (spec §7 "Filter: gpt_prompts"): the twin page's system prompts. */
export default defineScreen({
  form: 'gpt_prompts',
  access: 'authenticated',
  source: { relation: 'app.gpt_prompts', key: 'gpt_prompt_id', company: 'company_code', sort: [{ colId: 'title', sort: 'asc' }] },
  columns: { gpt_prompt_id: { type: 'int' }, title: { label: 'prompt_title' }, project: { label: 'prompt_project' }, language_code: { label: 'prompt_language' }, gpt_prompt: {} },
});
