/**
 * Ask-AI (issue 25): a question about the data becomes SQL written by the model (OpenAI's
 * chat completions, JSON mode: {"sql": …}) over the `ai.*` views the user may read; the
 * server's guard checks that SQL (sqlGuard.ts) and the runner reads it under the user's
 * company (runner.ts). The model never sees a row: only the views' descriptions and the
 * question (and the conversation's earlier questions and queries), so text inside the data
 * cannot steer it — and whatever it writes still has to pass the guard. The company's monthly
 * budget of the engine is checked before the call (budget.ts).
 */
import * as v from 'valibot';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { forbidden } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { chatComplete, type ChatMessage } from './chat.ts';
import { requireEngineBudget } from './budget.ts';
import { badAnswer } from './engineFetch.ts';
import { ENGINES, configuredEngine, isConfigured } from './engines.ts';
import { takeAiCall } from './rateLimit.ts';
import { runAiSql, type AiResult } from './runner.ts';
import { checkAiSqlViews } from './sqlGuard.ts';
import { logUsage } from './usage.ts';
import { allowedViews, systemPrompt } from './views.ts';

export const ASK_AI_MODEL = 'gpt-4o';

export interface AskDeps {
  db: Db;
  /** Where the checked query runs: the replica when there is one (rpc/context.ts Deps.reads). */
  reads?: Db;
  config: Pick<Config, 'engines' | 'aiRatePerMinute' | 'aiRetryBaseMs' | 'aiQueryTimeoutMs'>;
}

const ModelAnswer = v.object({ sql: v.pipe(v.string(), v.nonEmpty()) });

/** The views the user may read; none: 403 (nothing could be answered). */
async function viewsOf(db: Db, session: Session): Promise<string[]> {
  const views = await allowedViews(db, session.userId);
  if (views.length === 0) throw forbidden('forbidden: no data view the user may list');
  return views;
}

const scopeOf = (session: Session, timeoutMs: number) => ({ companies: session.company ? [session.company] : [], lang: session.languageCode, timeoutMs });

/** The engine Ask-AI asks. */
const ASK_AI_ENGINE = 'openai';

/** Whether Ask-AI can answer on this server: its engine and the environment variable that gives the key (never the key). */
export function askAiStatus(config: Pick<Config, 'engines'>): { configured: boolean; engine: string; variable: string } {
  const { label, env } = ENGINES[ASK_AI_ENGINE];
  return { configured: isConfigured(config, ASK_AI_ENGINE), engine: label, variable: env };
}

/** Asks the model for SQL answering `question` (after `history`), checks it and runs it; without the engine's key 503 `not_configured` naming the variable. */
export async function askAi(deps: AskDeps, session: Session, question: string, history: ChatMessage[] = [], model = ASK_AI_MODEL): Promise<AiResult> {
  const engine = configuredEngine(deps.config, ASK_AI_ENGINE);
  const views = await viewsOf(deps.db, session);
  await requireEngineBudget(deps.db, session.company, engine.name);
  await takeAiCall(deps.db, session.userId, engine, deps.config.aiRatePerMinute);
  const usage = { userId: session.userId, company: session.company, engine: engine.name, operation: 'ask_ai' } as const;
  let content: string;
  try {
    const a = await chatComplete(
      engine,
      { model, temperature: 0, response_format: { type: 'json_object' }, messages: [{ role: 'system', content: systemPrompt(views) }, ...history, { role: 'user', content: question }] },
      { aiRetryBaseMs: deps.config.aiRetryBaseMs },
    );
    await logUsage(deps.db, { ...usage, promptTokens: a.promptTokens, completionTokens: a.completionTokens, ok: true });
    content = a.content;
  } catch (e) {
    await logUsage(deps.db, { ...usage, ok: false });
    throw e;
  }
  const parsed = v.safeParse(ModelAnswer, JSON.parse(content));
  if (!parsed.success) throw badAnswer(engine, 'no "sql" in the reply');
  return runChecked(deps, session, parsed.output.sql, views);
}

/** A saved query run again (ai_analytics): the same guard and scope, no model call. */
export async function runSavedSql(deps: AskDeps, session: Session, sql: string): Promise<AiResult> {
  return runChecked(deps, session, sql, await viewsOf(deps.db, session));
}

async function runChecked(deps: AskDeps, session: Session, sql: string, views: string[]): Promise<AiResult> {
  const checked = await checkAiSqlViews(sql, views);
  return runAiSql(deps.reads ?? deps.db, checked, scopeOf(session, deps.config.aiQueryTimeoutMs));
}
