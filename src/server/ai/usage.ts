import type { Queryable } from '../db/types.ts';
import type { EngineName } from './engines.ts';

/** One engine call's cost (migration 060): characters for the translation engines, tokens for the chat engines. */
export interface Usage {
  userId: number | null;
  company: string | null;
  engine: EngineName;
  operation: string;
  characters?: number;
  promptTokens?: number;
  completionTokens?: number;
  ok: boolean;
}

export async function logUsage(db: Queryable, u: Usage): Promise<void> {
  await db.query(
    `insert into app.ai_usage (user_id, company_code, engine, operation, characters, prompt_tokens, completion_tokens, ok)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [u.userId, u.company, u.engine, u.operation, u.characters ?? 0, u.promptTokens ?? 0, u.completionTokens ?? 0, u.ok],
  );
}
