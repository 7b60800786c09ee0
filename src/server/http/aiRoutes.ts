/**
 * Ask-AI's routes (issue 25): GET /ai/status says whether the server can answer (its engine,
 * and the environment variable that gives its key: 503 `not_configured` otherwise);
 * POST /ai/query {question, options} answers columns, rows, a
 * chart when the rows are a series, and the SQL; the sidebar's conversation is GET
 * /ai/chat, POST /ai/chat {question} (the question and its reply, both kept) and POST
 * /ai/chat/clear. Each needs the list right of the /ai-query page; what the SQL may read
 * then follows the user's rights on the data pages (ai/views.ts).
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { AiChatInput, AiQueryInput } from '../../../schemas/api.ts';
import { askAi, askAiStatus, ASK_AI_MODEL } from '../ai/askAi.ts';
import { askInChat, chatMessages, clearChat } from '../ai/chatHistory.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { checkInputText, parseInput } from './errors.ts';

/** Models a question may name (options.model); anything else is the default. */
const MODELS = new Set(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini']);

export function mountAiRoutes(app: Hono, deps: Deps, dataSession: (c: Context) => Promise<Session>, readJson: (c: Context) => Promise<unknown>): void {
  const allowed = async (c: Context): Promise<Session> => {
    const s = await dataSession(c);
    await requirePagePermission(deps.db, s, '/ai-query', 'list', 'ai_query');
    return s;
  };
  const body = async <S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> => {
    const raw = await readJson(c);
    checkInputText(raw, 'body');
    return parseInput(schema, raw, 'body');
  };

  // Said up front by the page and the sidebar, before a question: whether an answer can come, else what sets it up.
  app.get('/ai/status', async (c) => {
    await allowed(c);
    return c.json(askAiStatus(deps.config));
  });
  app.post('/ai/query', async (c) => {
    const s = await allowed(c);
    const { question, options } = await body(c, AiQueryInput);
    const model = typeof options?.model === 'string' && MODELS.has(options.model) ? options.model : ASK_AI_MODEL;
    return c.json({ question, ...(await askAi(deps, s, question, [], model)) });
  });
  app.get('/ai/chat', async (c) => {
    const s = await allowed(c);
    return c.json({ messages: await chatMessages(deps.db, s.userId) });
  });
  app.post('/ai/chat', async (c) => {
    const s = await allowed(c);
    const { question } = await body(c, AiChatInput);
    return c.json({ messages: await askInChat(deps, s, question) });
  });
  app.post('/ai/chat/clear', async (c) => {
    const s = await allowed(c);
    await clearChat(deps.db, s.userId);
    return c.json({ messages: [] });
  });
}
