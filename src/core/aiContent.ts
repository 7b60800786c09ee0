/**
 * The AI content area's shared facts (issue 25): the product text fields an AI engine may
 * propose, a proposal's states, and how many products or items one call takes (one engine
 * request each, made while the user waits).
 */
export const AI_TEXT_FIELDS = ['description_short', 'description'] as const;
export type AiTextField = (typeof AI_TEXT_FIELDS)[number];

/** Products per "Generate with AI", items per "Draft with AI": each is one engine request. */
export const MAX_AI_GENERATE = 10;
/** Proposals per accept or reject. */
export const MAX_AI_DECIDE = 500;

/** The longest text of each field (product_translations' maxLength). */
export const AI_FIELD_MAX: Record<AiTextField, number> = { description_short: 1000, description: 20000 };

/**
 * The chat engines AI content may use (catalogue texts, recipe and house drafts, mail
 * drafts): the user picks one of those the server has a key for, OpenAI first by default.
 */
export const AI_CHAT_ENGINES = ['openai', 'deepseek'] as const;
export type AiChatEngine = (typeof AI_CHAT_ENGINES)[number];

/** The content forms AI drafts texts for. */
export const AI_CONTENT_FORMS = ['recipes', 'houses'] as const;
