/**
 * The limits of the AI and translation proxies (issue 42) that the browser, the request
 * schemas, the settings screens and migration 088 share: one copy of each number.
 */

/** The most tokens a reply may ask for: the request schema, /settings/chatgpt's max_tokens and its check (migration 088). */
export const AI_MAX_TOKENS = 4096;

/** The longest system prompt a request may bring (get_reply, translate_text); the twin page's field stops there too. */
export const AI_SYSTEM_PROMPT_MAX = 4000;

/** A company's monthly budget of a chat engine's tokens (prompt + completion) unless set otherwise; migration 088's default. */
export const DEFAULT_MONTHLY_TOKENS = 1_000_000;

/** A company's monthly budget of characters sent to a translation engine unless set otherwise; migration 088's default. */
export const DEFAULT_MONTHLY_CHARACTERS = 500_000;

/** The largest budget either setting takes (an int column). */
export const MAX_MONTHLY_BUDGET = 1_000_000_000;

/** The pages whose `list` right a proxy asks for: replies are asked on the twin page, translations belong to the engines' page. */
export const AI_REPLY_PAGE = '/settings/chatgpt_twin';
export const AI_TRANSLATE_PAGE = '/settings/gtranslate';
