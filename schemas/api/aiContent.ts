/** AI content: engine status, product texts translated, AI-written proposals and drafts. */
import * as v from 'valibot';
import { AI_CONTENT_FORMS, AI_TEXT_FIELDS, MAX_AI_DECIDE, MAX_AI_GENERATE } from '../../src/core/aiContent.ts';
import { LANGS } from '../../src/core/langs.ts';
import { NoPayload, defineAction } from './defineAction.ts';
import { aiChatEngine } from './fields.ts';

/** `ai_engine_status` list (any signed-in user): whether each AI engine has its key, and the variable that gives it. */
export const AiEngineStatusOutput = v.object({
  data: v.object({ engines: v.array(v.object({ engine: v.string(), label: v.string(), env: v.string(), configured: v.boolean(), company_default: v.boolean() })) }),
});
const aiLanguages = v.pipe(
  v.array(v.picklist(LANGS)),
  v.minLength(1, 'at least one language'),
  v.check((ls) => new Set(ls).size === ls.length, 'a language is named twice'),
);
/** `product_texts_translate` set (/products/product_list): the picked products' texts from one language into the others, by the company's default engine. */
export const ProductTextsTranslatePayload = v.strictObject({
  product_codes: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40))), v.minLength(1, 'at least one product'), v.maxLength(100, 'at most 100 products')),
  from: v.picklist(LANGS),
  /** Texts that exist are replaced too (else only empty ones are filled). */
  overwrite: v.optional(v.boolean(), false),
});
export const ProductTextsTranslateOutput = v.object({ data: v.object({ products: v.number(), written: v.number() }) });
/** `ai_generate` set (/ai_content/ai_catalog): OpenAI writes the products' texts in the languages, stored as proposals. */
export const AiGeneratePayload = v.strictObject({
  product_codes: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
    v.minLength(1, 'at least one product'),
    v.maxLength(MAX_AI_GENERATE, `at most ${MAX_AI_GENERATE} products`),
    v.check((cs) => new Set(cs).size === cs.length, 'a product is named twice'),
  ),
  fields: v.pipe(
    v.array(v.picklist(AI_TEXT_FIELDS)),
    v.minLength(1, 'at least one field'),
    v.check((fs) => new Set(fs).size === fs.length, 'a field is named twice'),
  ),
  languages: aiLanguages,
  /** Extra guidance for the writer (tone, audience), up to 1,000 characters. */
  instructions: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  engine: aiChatEngine,
});
/** The proposals stored (one per product, field and language) and the engine's token counts. */
export const AiGenerateOutput = v.object({ data: v.object({ proposals: v.number(), prompt_tokens: v.number(), completion_tokens: v.number() }) });
/** `ai_proposals_accept` / `ai_proposals_reject` set (/ai_content/ai_proposals): open proposals of the company. */
export const AiProposalsDecidePayload = v.strictObject({
  proposal_ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'at least one proposal'),
    v.maxLength(MAX_AI_DECIDE, `at most ${MAX_AI_DECIDE} proposals`),
    v.check((ids) => new Set(ids).size === ids.length, 'a proposal is named twice'),
  ),
});
/** Accepted or rejected; `log_ids`: the product change log entries the accepts wrote; `superseded`: other open proposals an accept set aside. */
export const AiProposalsDecideOutput = v.object({ data: v.object({ decided: v.number(), superseded: v.number(), log_ids: v.array(v.number()) }) });
/** `ai_draft` set (recipes, houses): OpenAI drafts the items' texts in the languages where they are empty, from the title. */
export const AiDraftPayload = v.strictObject({
  form: v.picklist(AI_CONTENT_FORMS),
  ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'at least one item'),
    v.maxLength(MAX_AI_GENERATE, `at most ${MAX_AI_GENERATE} items`),
    v.check((ids) => new Set(ids).size === ids.length, 'an item is named twice'),
  ),
  languages: aiLanguages,
  engine: aiChatEngine,
});
/** Items whose text was written, texts written. */
export const AiDraftOutput = v.object({ data: v.object({ items: v.number(), texts: v.number() }) });

export const aiContentActions = {
  ai_engine_status: defineAction({
    entity: 'ai_engine_status',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: NoPayload,
    output: AiEngineStatusOutput,
    summary: 'Which AI engines have a key on this server, and the environment variable that gives it (never the key).',
  }),
  ai_generate: defineAction({
    entity: 'ai_generate',
    action: 'set',
    page: '/ai_content/ai_catalog',
    flag: 'set',
    input: AiGeneratePayload,
    output: AiGenerateOutput,
    summary: "The engine's product texts stored as proposals (a malformed reply: 502 `engine_bad_answer`, nothing stored).",
  }),
  ai_proposals_accept: defineAction({
    entity: 'ai_proposals_accept',
    action: 'set',
    page: '/ai_content/ai_proposals',
    flag: 'set',
    input: AiProposalsDecidePayload,
    output: AiProposalsDecideOutput,
    summary: "Accepts proposals: the product texts written with their change log (set on the product list too; another company's proposal 404, a decided one 409 `ai_proposal_closed`).",
  }),
  ai_proposals_reject: defineAction({
    entity: 'ai_proposals_reject',
    action: 'set',
    page: '/ai_content/ai_proposals',
    flag: 'set',
    input: AiProposalsDecidePayload,
    output: AiProposalsDecideOutput,
    summary: 'Rejects proposals (refusals as ai_proposals_accept).',
  }),
  ai_draft: defineAction({
    entity: 'ai_draft',
    action: 'set',
    page: 'authenticated',
    flag: 'set',
    input: AiDraftPayload,
    output: AiDraftOutput,
    summary: "Recipe or house texts drafted by the chat engine (the set right on the form's own page).",
  }),
  product_texts_translate: defineAction({
    entity: 'product_texts_translate',
    action: 'set',
    page: '/products/product_list',
    flag: 'set',
    input: ProductTextsTranslatePayload,
    output: ProductTextsTranslateOutput,
    summary: "The picked products' name and descriptions from one language into the others by the company's engine; empty texts filled unless `overwrite`; an engine failure writes nothing.",
  }),
};
