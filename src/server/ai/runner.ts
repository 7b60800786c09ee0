/**
 * Runs a query the guard allowed (sqlGuard.ts): in a read-only transaction, with the
 * user's companies and language in transaction-local settings the `ai.*` views read (each a
 * security barrier, migration 087: the query's own conditions run only on the rows the view
 * kept), the search path on `ai`, a statement timeout, a small work_mem, at most `rowCap`
 * rows — one more is read to tell "too many" from "exactly as many" — and at most `maxBytes`
 * of answer, measured in the database so a larger one never leaves it. The rows come back as
 * JSON PostgreSQL writes (json_agg keeps the columns' order; numbers are numbers, dates ISO
 * text on both engines).
 *
 * PGlite runs queries on the server's own thread and has no statement timeout: there the
 * query runs in a sandbox thread over copies of the views it reads (sandbox.ts), ended at the
 * timeout or past its memory.
 *
 * A failure answers a code and a generic reason: the database's text can carry the values a
 * failing cast or division met, so it goes to the server's log only.
 */
import type { Db } from '../db/types.ts';
import { HttpError, refused } from '../http/errors.ts';
import { runInSandbox, snapshotViews } from './sandbox.ts';
import type { CheckedSql } from './sqlGuard.ts';
import { log as logger } from '../obs/log.ts';

export const AI_QUERY_TIMEOUT_MS = 5_000;
const AI_QUERY_ROW_CAP = 1_000;
/** The most bytes of an answer's rows as JSON (a grid of a thousand rows is well under it). */
export const AI_QUERY_MAX_BYTES = 1_048_576;
/** Sorts and hashes of an Ask-AI query spill to disk past this (the server's default may be set for reports). */
const AI_WORK_MEM = '16MB';
/** Temporary files of one query, where the database role may set it (a superuser, or GRANT SET ON PARAMETER). */
const AI_TEMP_FILE_LIMIT = '512MB';

/** SQLSTATEs of a query that needed more memory or disk than it may have (out of memory, a limit, temp_file_limit). */
const OVER_MEMORY = new Set(['53200', '53400', '54000']);

interface AiColumn {
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
  maxBytes?: number;
}

/** What the wrapped query answers: the rows read (up to cap + 1), their JSON's size, the rows when within both. */
interface Wrapped {
  n: number;
  bytes: number;
  rows: Record<string, unknown>[] | null;
}

export async function runAiSql(db: Db, checked: CheckedSql, scope: RunScope): Promise<AiResult> {
  const cap = scope.rowCap ?? AI_QUERY_ROW_CAP;
  const maxBytes = scope.maxBytes ?? AI_QUERY_MAX_BYTES;
  const timeoutMs = scope.timeoutMs ?? AI_QUERY_TIMEOUT_MS;
  // The newline ends a trailing `-- comment` of the model's text before the wrapper goes on.
  const wrapped = `select json_build_object('n', ai_n, 'bytes', octet_length(ai_json), 'rows', case when ai_n <= ${cap} and octet_length(ai_json) <= ${maxBytes} then ai_json::json end)::text as rows
from (select count(*) as ai_n, coalesce(json_agg(ai_row), '[]'::json)::text as ai_json from (select * from (\n${checked.text}\n) as ai_answer limit ${cap + 1}) as ai_row) as ai_result`;
  let answer: Wrapped;
  try {
    answer = JSON.parse(
      db.engine === 'pglite' ? await runInSandbox({ tables: await snapshotViews(db, checked.views, scope), sql: wrapped }, timeoutMs) : await onServer(db, wrapped, scope, timeoutMs),
    ) as Wrapped;
  } catch (e) {
    throw failure(e, timeoutMs);
  }
  if (answer.n > cap) throw refused('ai_query_too_many_rows', `The AI's query answers more than ${cap} rows`, { limit: cap }, 413);
  if (answer.rows === null) throw refused('ai_query_too_large', `The AI's answer is larger than ${Math.round(maxBytes / 1024)} kB`, { kilobytes: Math.round(maxBytes / 1024) }, 413);
  return shape(checked.text, answer.rows);
}

/** The answer to a failed query: its code and a generic reason; the database's own text to the log. */
function failure(e: unknown, timeoutMs: number): HttpError {
  if (e instanceof HttpError) return e;
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : undefined;
  logger.error(`ask-ai: the query failed (${code ?? 'no SQLSTATE'}): ${String(err.message ?? e)}`);
  if (code === '57014') return new HttpError(504, 'ai_query_timeout', `The AI's query ran longer than ${timeoutMs / 1000} s`, {}, undefined, { seconds: timeoutMs / 1000 });
  if (code !== undefined && OVER_MEMORY.has(code)) return refused('ai_query_out_of_memory', "The AI's query needed more memory than it may use", undefined, 413);
  return refused('ai_sql_failed', "The AI's query could not be run");
}

/**
 * On a PostgreSQL server: the user's scope and the query's limits in transaction-local
 * settings (set_config(…, true): they end with the transaction, and the guard lets no query
 * call set_config, SET or RESET).
 */
async function onServer(db: Db, wrapped: string, scope: RunScope, timeoutMs: number): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    await tx.query(
      `select set_config('askai.companies', $1, true), set_config('askai.lang', $2, true), set_config('statement_timeout', $3, true),
              set_config('work_mem', $4, true), set_config('search_path', 'ai', true)`,
      [scope.companies.join(','), scope.lang, String(timeoutMs), AI_WORK_MEM],
    );
    await tx.query(`select set_config('temp_file_limit', $1, true) where has_parameter_privilege('temp_file_limit', 'SET')`, [AI_TEMP_FILE_LIMIT]);
    const r = await tx.query<{ rows: string }>(wrapped);
    return r.rows[0]!.rows;
  });
}

/** Columns (in the query's order), rows as arrays, and whether they make a chart. */
function shape(sql: string, objects: Record<string, unknown>[]): AiResult {
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
