/** Ask-AI: questions answered by SQL the model writes (GET /ai/status, POST /ai/query, the sidebar's /ai/chat), and saved questions run again. */
import * as v from 'valibot';
import { ErrorBody } from './common.ts';
import { defineAction } from './defineAction.ts';
import { bodyInvalid, bodyTooLarge, engineErrors, type HttpRoute } from './http.ts';

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
/** What Ask-AI's SQL answered: its columns, rows of cells, and a chart when the rows are a series (one label column, then numeric ones). */
const aiAnswer = {
  columns: v.array(v.object({ name: v.string(), kind: v.picklist(['number', 'text']) })),
  rows: v.array(v.array(AiCell)),
  chart: v.nullable(v.object({ label: v.string(), series: v.array(v.string()) })),
};
export const AiAnalyticsRunOutput = v.object({ data: v.object({ sql: v.string(), ...aiAnswer }) });
/** POST /ai/query: the question, the SQL the model wrote (checked by the guard, run in the user's scope) and its answer. */
export const AiQueryOutput = v.object({ question: v.string(), sql: v.string(), ...aiAnswer });
/**
 * A message of the Ask-AI sidebar's conversation (src/server/ai/chatHistory.ts): the user's
 * question; the assistant's SQL and answer; or the system's refusal — the error's code, status
 * and parameters, said in the user's language by the browser (`content` its English message).
 */
export const AiChatMessage = v.object({
  message_id: v.number(),
  role: v.picklist(['user', 'assistant', 'system']),
  content: v.string(),
  sql: v.nullable(v.string()),
  answer: v.nullable(v.object(aiAnswer)),
  error: v.nullable(v.object({ code: v.string(), status: v.number(), params: v.optional(ErrorBody.entries.params.wrapped) })),
  /** When, in UTC (`YYYY-MM-DDTHH:MM:SSZ`). */
  at: v.string(),
});
/** The conversation, oldest first (the newest 100 messages). */
export const AiChatOutput = v.object({ messages: v.array(AiChatMessage) });

const askAiPage = 'No `list` on /ai-query (`forbidden`).';

/** Ask-AI's routes (src/server/http/aiRoutes.ts): each needs `list` on /ai-query; what the SQL may read follows the user's rights on the data pages. */
export const askAiRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/ai/status',
    operationId: 'ai_status',
    tag: 'ai',
    summary:
      'Whether Ask-AI (/ai-query and its sidebar) can answer on this server (`list` on /ai-query): the engine it asks and the environment variable that gives its key (never the key). Without it POST /ai/query answers 503 `not_configured` naming the same variable.',
    auth: 'data',
    answers: { 200: { description: 'The state of Ask-AI.', content: [{ kind: 'json', schema: AiStatusOutput }] } },
    errors: { 403: askAiPage },
  },
  {
    method: 'post',
    path: '/ai/query',
    operationId: 'ai_query',
    tag: 'ai',
    summary:
      'Answers a question about the data: the model (OpenAI; `options.model` one of gpt-4o, gpt-4o-mini, gpt-4.1, gpt-4.1-mini, else gpt-4o) writes one SELECT over the views the user may read, the guard checks it, and it runs read-only in the session’s company with a time, row and size limit.',
    auth: 'data',
    body: { kind: 'json', schema: AiQueryInput },
    answers: { 200: { description: 'The SQL and what it answered.', content: [{ kind: 'json', schema: AiQueryOutput }] } },
    errors: {
      400: `${bodyInvalid} The model's SQL refused: not one SELECT (\`ai_sql_not_select\`), a relation outside the user's views (\`ai_sql_relation\`), a function off the allow-list (\`ai_sql_function\`), or refused by PostgreSQL while running (\`ai_sql_failed\`).`,
      403: `${askAiPage} No data view the user may list (\`forbidden\`).`,
      413: `${bodyTooLarge} The SQL answers too many rows (\`ai_query_too_many_rows\`), too many bytes (\`ai_query_too_large\`) or needs too much memory (\`ai_query_out_of_memory\`).`,
      ...engineErrors,
      504: `${engineErrors[504]} The SQL ran too long (\`ai_query_timeout\`).`,
    },
  },
  {
    method: 'get',
    path: '/ai/chat',
    operationId: 'ai_chat',
    tag: 'ai',
    summary: 'The signed-in user’s Ask-AI conversation (the sidebar), oldest message first.',
    auth: 'data',
    answers: { 200: { description: 'The conversation.', content: [{ kind: 'json', schema: AiChatOutput }] } },
    errors: { 403: askAiPage },
  },
  {
    method: 'post',
    path: '/ai/chat',
    operationId: 'ai_chat_ask',
    tag: 'ai',
    summary:
      'Asks a question in the conversation (the model is given the earlier questions and their SQL, never rows): both the question and its reply are kept. The reply is the answer, or a `system` message carrying the refusal (any error of POST /ai/query) — still a 200.',
    auth: 'data',
    body: { kind: 'json', schema: AiChatInput },
    answers: { 200: { description: 'The question and its reply, as stored.', content: [{ kind: 'json', schema: AiChatOutput }] } },
    errors: { 400: bodyInvalid, 403: askAiPage, 413: bodyTooLarge },
  },
  {
    method: 'post',
    path: '/ai/chat/clear',
    operationId: 'ai_chat_clear',
    tag: 'ai',
    summary: 'Deletes the signed-in user’s conversation; answers it empty. No body.',
    auth: 'data',
    answers: { 200: { description: 'The empty conversation.', content: [{ kind: 'json', schema: AiChatOutput }] } },
    errors: { 403: askAiPage },
  },
];

export const askAiActions = {
  ai_analytics_run: defineAction({
    entity: 'ai_analytics_run',
    action: 'set',
    page: '/ai_content/ai_analytics',
    flag: 'set',
    input: AiAnalyticsRunPayload,
    output: AiAnalyticsRunOutput,
    summary: 'A saved question answered through Ask-AI now, its SQL checked by the guard (400 `ai_sql_*`, 504 `ai_query_timeout`, 413 `ai_query_too_many_rows`).',
  }),
};
