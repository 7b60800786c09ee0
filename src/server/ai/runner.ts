/**
 * Runs a query the guard allowed (sqlGuard.ts): in a read-only transaction, with the
 * user's companies and language in transaction-local settings the `ai.*` views read, the
 * search path on `ai`, a statement timeout, and at most `rowCap` rows — one more is read to
 * tell "too many" from "exactly as many". The rows come back as JSON PostgreSQL writes
 * (json_agg keeps the columns' order; numbers are numbers, dates ISO text on both engines).
 *
 * PGlite runs queries on the server's own thread and has no statement timeout: there the
 * query runs in a sandbox thread over copies of the views it reads (sandbox.ts), ended at the
 * timeout.
 */
import type { Db } from '../db/types.ts';
import { HttpError, refused } from '../http/errors.ts';
import { runInSandbox, snapshotViews } from './sandbox.ts';
import type { CheckedSql } from './sqlGuard.ts';

export const AI_QUERY_TIMEOUT_MS = 5_000;
export const AI_QUERY_ROW_CAP = 1_000;

export interface AiColumn {
  name: string;
  kind: 'number' | 'text';
}

export interface AiResult {
  sql: string;
  columns: AiColumn[];
  rows: unknown[][];
  /** A series to chart: one label column, then numeric columns (null when the answer is not one). */
  chart: { label: string; series: string[] } | null;
}

export interface RunScope {
  companies: string[];
  lang: string;
  timeoutMs?: number;
  rowCap?: number;
}

export async function runAiSql(db: Db, checked: CheckedSql, scope: RunScope): Promise<AiResult> {
  const cap = scope.rowCap ?? AI_QUERY_ROW_CAP;
  const timeoutMs = scope.timeoutMs ?? AI_QUERY_TIMEOUT_MS;
  // The newline ends a trailing `-- comment` of the model's text before the wrapper goes on.
  const wrapped = `select coalesce(json_agg(ai_row), '[]'::json)::text as rows from (select * from (\n${checked.text}\n) as ai_answer limit ${cap + 1}) as ai_row`;
  let rows: Record<string, unknown>[];
  try {
    rows = JSON.parse(
      db.engine === 'pglite' ? await runInSandbox({ tables: await snapshotViews(db, checked.views, scope), sql: wrapped }, timeoutMs) : await onServer(db, wrapped, scope, timeoutMs),
    ) as Record<string, unknown>[];
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const err = e as { code?: unknown; message?: unknown };
    if (err.code === '57014') throw new HttpError(504, 'ai_query_timeout', `The AI's query ran longer than ${timeoutMs / 1000} s`, {}, undefined, { seconds: timeoutMs / 1000 });
    throw refused('ai_sql_failed', `The AI's query failed: ${String(err.message ?? e)}`, { message: String(err.message ?? '') });
  }
  if (rows.length > cap) throw refused('ai_query_too_many_rows', `The AI's query answers more than ${cap} rows`, { limit: cap }, 413);
  return shape(checked.text, rows);
}

/** On a PostgreSQL server: the user's scope in transaction-local settings, the server's statement timeout. */
async function onServer(db: Db, wrapped: string, scope: RunScope, timeoutMs: number): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    await tx.query(`select set_config('askai.companies', $1, true), set_config('askai.lang', $2, true), set_config('statement_timeout', $3, true), set_config('search_path', 'ai', true)`, [
      scope.companies.join(','),
      scope.lang,
      String(timeoutMs),
    ]);
    const r = await tx.query<{ rows: string }>(wrapped);
    return r.rows[0]?.rows ?? '[]';
  });
}

/** Columns (in the query's order), rows as arrays, and whether they make a chart. */
export function shape(sql: string, objects: Record<string, unknown>[]): AiResult {
  const names = objects.length ? Object.keys(objects[0]!) : [];
  const rows = objects.map((o) => names.map((n) => o[n] ?? null));
  const columns: AiColumn[] = names.map((name, i) => {
    const values = rows.map((r) => r[i]).filter((x) => x !== null);
    return { name, kind: values.length > 0 && values.every((x) => typeof x === 'number') ? 'number' : 'text' };
  });
  const series = columns.slice(1).filter((c) => c.kind === 'number');
  const isSeries = rows.length >= 2 && columns.length >= 2 && series.length === columns.length - 1;
  return { sql, columns, rows, chart: isSeries ? { label: columns[0]!.name, series: series.map((c) => c.name) } : null };
}
