import { defineScreen } from '../../schemas/screen.ts';

/**
 * GPT prompts (spec §4: title, project, gpt_prompt), a company's own (migration 062). A prompt
 * of the project `gpt_translation_prompt` with a source language is the translation prompt
 * the OpenAI and DeepSeek translate routes use for texts in that language
 * (src/server/ai/chatTranslate.ts); the twin page offers the others as system prompts.
 */
export default defineScreen({
  form: 'prompts',
  menu: { icon: 'message-square', order: 4 },
  source: {
    relation: 'app.gpt_prompts',
    key: 'gpt_prompt_id',
    write: 'app.gpt_prompts',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'project', sort: 'asc' },
      { colId: 'title', sort: 'asc' },
    ],
  },
  columns: {
    gpt_prompt_id: { type: 'int', hidden: true },
    title: { label: 'prompt_title', editable: true, required: true, maxLength: 200, width: 250, pinned: 'left' },
    project: { label: 'prompt_project', editable: true, maxLength: 100, width: 200 },
    language_code: { label: 'prompt_language', editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    gpt_prompt: { editable: true, required: true, maxLength: 20000, width: 250 },
  },
  actions: { add: true, delete: true },
});
