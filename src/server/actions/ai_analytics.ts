/**
 * `ai_analytics_run` (set on /ai_content/ai_analytics): one saved question of the session's
 * company answered now — its saved SQL run again through Ask-AI's guard and runner, or,
 * without SQL (new or edited), the model asked for it first (src/server/ai/askAi.ts). The
 * SQL, the time, the row count and the answer are kept on the row.
 */
import { actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import { askAi, runSavedSql } from '../ai/askAi.ts';
import { HttpError } from '../http/errors.ts';
import { implement } from './implement.ts';

export const aiAnalyticsRun = implement(actionContracts.ai_analytics_run, async (ctx, { question_id }) => {
  const { db, session } = ctx;
  const r = await db.query<{ question: string; sql: string }>('select question, sql from app.ai_analytics where question_id = $1 and company_code = $2', [question_id, session.company]);
  const row = r.rows[0];
  if (!row) throw new HttpError(404, 'not_found', `payload.question_id: question ${question_id} does not exist in this company`);
  const { sql, ...answer } = row.sql ? await runSavedSql(ctx, session, row.sql) : await askAi(ctx, session, row.question);
  await db.query(`update app.ai_analytics set sql = $2, last_answered_at = now(), last_row_count = $3, last_answer = $4, row_version = row_version + 1 where question_id = $1`, [
    question_id,
    sql,
    answer.rows.length,
    JSON.stringify(answer),
  ]);
  // The cells are what the database driver answers: JSON's values (ai/askAi.ts types them unknown).
  return { sql, ...answer, rows: answer.rows as ActionAnswer<typeof actionContracts.ai_analytics_run>['rows'] };
});
