/**
 * A company's monthly budget of an engine (issue 42, migration 088), in the unit app.ai_usage
 * already records: tokens (prompt + completion) of a chat engine, characters sent to a
 * translation engine. Every call of the company this calendar month counts (replies,
 * translations, Ask-AI, AI content, mail drafts, the storefront's chat; failed calls with what
 * they logged). Every path checks it before each engine call (requireEngineBudget): once used
 * up, 429 `ai_budget_used_up` and no call. The check is before the call, so the last call of a
 * month may go over by its own size (bounded by max_tokens and the request's size limits).
 */
import { DEFAULT_MONTHLY_CHARACTERS } from '../../core/aiLimits.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { chatSettings } from './chatSettings.ts';
import { ENGINES, type EngineName } from './engines.ts';

export type BudgetUnit = 'tokens' | 'characters';

/** The company's use of `engine` this month, in `unit`. */
export async function monthUse(db: Queryable, company: string, engine: EngineName, unit: BudgetUnit): Promise<number> {
  const measure = unit === 'tokens' ? 'a.prompt_tokens + a.completion_tokens' : 'a.characters';
  const r = await db.query<{ used: number }>(
    `select coalesce(sum(${measure}), 0)::bigint as used from app.ai_usage a
     where a.company_code = $1 and a.engine = $2 and a.at >= date_trunc('month', now())`,
    [company, engine],
  );
  return Number(r.rows[0]?.used ?? 0);
}

/** 429 `ai_budget_used_up` when the company has used this month's `budget` of `engine`. */
export async function checkBudget(db: Queryable, company: string, engine: EngineName, unit: BudgetUnit, budget: number): Promise<void> {
  const used = await monthUse(db, company, engine, unit);
  if (used < budget) return;
  const label = ENGINES[engine].label;
  throw new HttpError(429, 'ai_budget_used_up', `${label}: this month's budget of ${budget} ${unit} is used up (${used})`, {}, undefined, { engine: label, budget, unit });
}

/** A translation engine's monthly characters for the company: its row's, else the default. */
async function characterBudget(db: Queryable, company: string, engine: 'google' | 'deepl'): Promise<number> {
  const r = await db.query<{ b: number }>('select monthly_character_budget as b from app.translation_engines where company_code = $1 and engine = $2', [company, engine]);
  return r.rows[0]?.b ?? DEFAULT_MONTHLY_CHARACTERS;
}

/**
 * 429 `ai_budget_used_up` when the company has used this month's budget of `engine`: a chat
 * engine's tokens (its /settings/chatgpt row, else the default), a translation engine's
 * characters (its /settings/gtranslate row, else the default). A call with no company is
 * nobody's to pay and has no budget.
 */
export async function requireEngineBudget(db: Queryable, company: string | null | undefined, engine: EngineName): Promise<void> {
  if (!company) return;
  if (engine === 'google' || engine === 'deepl') return checkBudget(db, company, engine, 'characters', await characterBudget(db, company, engine));
  return checkBudget(db, company, engine, 'tokens', (await chatSettings(db, company, engine)).monthlyTokenBudget);
}
