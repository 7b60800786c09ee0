/**
 * Field schemas the features share. Not re-exported by schemas/api.ts: every schema that
 * index exports becomes a named component of the OpenAPI document, and these are parts.
 */
import * as v from 'valibot';
import { AI_CHAT_ENGINES } from '../../src/core/aiContent.ts';
import { AI_SYSTEM_PROMPT_MAX } from '../../src/core/aiLimits.ts';

export const lang = v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'a two-letter language code'));
export const currencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'a three-letter currency code'));
export const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** A descriptor's form name. */
export const formName = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'form must be a form name'), v.maxLength(100));
export const productCode = v.pipe(v.string(), v.nonEmpty(), v.maxLength(40));
export const scalar = v.union([v.string(), v.number(), v.boolean()]);
export const aiModel = v.pipe(v.string(), v.nonEmpty('model is required'), v.maxLength(100), v.regex(/^[A-Za-z0-9._:/-]+$/, 'model must be a model name'));
/** Users may bring their own system prompt (spec §7), of a bounded size (issue 42). */
export const systemPrompt = v.pipe(v.string(), v.maxLength(AI_SYSTEM_PROMPT_MAX, `system_prompt is at most ${AI_SYSTEM_PROMPT_MAX} characters`));
/** The chat engine of an AI content call (AI_CHAT_ENGINES); absent: the first with a key. */
export const aiChatEngine = v.optional(v.picklist(AI_CHAT_ENGINES));
