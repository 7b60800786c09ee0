/** Ask-AI: questions answered by SQL the model writes (GET /ai/status, POST /ai/query, the sidebar's /ai/chat), and saved questions run again. */
import * as v from 'valibot';

export const AiQueryInput = v.strictObject({
  question: v.pipe(v.string('Question must be a non-empty string.'), v.trim(), v.nonEmpty('Question must be a non-empty string.'), v.maxLength(4000)),
  options: v.optional(v.record(v.string(), v.unknown())),
});
/**
 * GET /ai/status (`list` on /ai-query): whether Ask-AI can answer on this server — the engine it
 * asks and the environment variable that gives that engine its key (never the key). The page
 * and the sidebar say it before a question is typed; a question without it answers 503
 * `not_configured` with the same engine and variable.
 */
export const AiStatusOutput = v.object({ configured: v.boolean(), engine: v.string(), variable: v.string() });
/** The Ask-AI sidebar: a question of the conversation (POST /ai/chat). */
export const AiChatInput = v.strictObject({
  question: v.pipe(v.string('Question must be a non-empty string.'), v.trim(), v.nonEmpty('Question must be a non-empty string.'), v.maxLength(4000)),
});
/** A saved question of /ai_content/ai_analytics answered again (`ai_analytics_run`). */
export const AiAnalyticsRunPayload = v.strictObject({ question_id: v.pipe(v.number(), v.integer(), v.minValue(1)) });
const AiCell = v.union([v.string(), v.number(), v.boolean(), v.null(), v.record(v.string(), v.unknown()), v.array(v.unknown())]);
export const AiAnalyticsRunOutput = v.object({
  data: v.object({
    sql: v.string(),
    columns: v.array(v.object({ name: v.string(), kind: v.picklist(['number', 'text']) })),
    rows: v.array(v.array(AiCell)),
    chart: v.nullable(v.object({ label: v.string(), series: v.array(v.string()) })),
  }),
});
