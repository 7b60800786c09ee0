/**
 * Import planning: a sheet and a column mapping → the rows to insert and to update, and
 * every problem by line and field. The same plan serves the preview (nothing written)
 * and the commit (the valid rows, in one transaction: engine/write.ts importRows).
 *
 * A row whose key is mapped and found (in this company) updates that row; a row without
 * a key inserts when the database generates keys, a row with a new key inserts when the
 * key is the user's to give. Values go through the same column schemas as every write;
 * problems are locale keys (validation.*, import.*) the browser shows in its language.
 */
import * as v from 'valibot';
import type { ImportError, ImportInspectOutput, ImportResultOutput } from '../../../schemas/api.ts';
import { PARSE_CONFIG, emptiedMulti, mustHave, rowSchema, writableFields } from '../../core/validation/columns.ts';
import { M, issuePath } from '../../core/validation/messages.ts';
import type { Queryable } from '../db/types.ts';
import { DbFieldRefusal, HttpError, badRequest, refused } from '../http/errors.ts';
import type { Screen } from '../actions/engine/screens.ts';
import { Params, castOf, ident, relation } from '../actions/engine/sql.ts';
import { missingFields, missingReferences } from '../actions/engine/references.ts';
import { rowValues } from '../actions/engine/values.ts';
import { readRows } from '../actions/engine/rows.ts';
import type { ImportWrite, RefusedRow } from '../actions/engine/write.ts';
import { problemOf, type ErrorParams } from '../../core/errorCodes.ts';
import { cellText, importCell } from './cells.ts';
import { unguardCell } from '../../core/sheetGuard.ts';
import { IMPORT_MESSAGES as IM, resolveRefs } from './refs.ts';
import type { Sheet } from './sheet.ts';

type Row = Record<string, unknown>;
type Problem = v.InferOutput<typeof ImportError>;

export interface Rights {
  canAdd: boolean;
  canSet: boolean;
}

const MAX_ERRORS = 1_000;

type ImportResult = v.InferInput<typeof ImportResultOutput>;

/**
 * Fields a file column may be mapped to: the key and the written columns, in column order.
 * Rich text (`html`) too: a sheet holds it as HTML (export writes the markup), and its
 * values pass `rowValues`, whose sanitizer is the editor's save's (engine/html.ts).
 */
export function importableFields(screen: Screen): { field: string; required: boolean; key: boolean }[] {
  const writable = new Set([...writableFields(screen, 'add'), ...writableFields(screen, 'set'), ...screen.keys]);
  return Object.keys(screen.columns)
    .filter((f) => writable.has(f))
    .map((field) => ({ field, required: mustHave(screen, field), key: screen.keys.includes(field) }));
}

export function inspect(screen: Screen, sheet: Sheet, rights: Rights): v.InferInput<typeof ImportInspectOutput> {
  return {
    headers: sheet.headers,
    rows: sheet.rows.length,
    sample: sheet.rows.slice(0, 5).map((r) => r.cells.map(cellText)),
    fields: importableFields(screen),
    ...rights,
  };
}

/** The mapping must name importable fields, each once, at least one besides the key. */
function checkMapping(screen: Screen, sheet: Sheet, mapping: (string | null)[]): void {
  if (mapping.length !== sheet.headers.length) {
    throw badRequest(`body.mapping: expected ${sheet.headers.length} entries (one per file column), got ${mapping.length}`);
  }
  const allowed = new Set(importableFields(screen).map((f) => f.field));
  const seen = new Set<string>();
  mapping.forEach((f, i) => {
    if (f === null) return;
    if (!allowed.has(f)) throw badRequest(`body.mapping.${i}: "${f}" cannot be imported into ${screen.form}`);
    if (seen.has(f)) throw badRequest(`body.mapping.${i}: "${f}" is mapped twice`);
    seen.add(f);
  });
  if (![...seen].some((f) => !screen.keys.includes(f))) throw refused('mapping_key_only', 'body.mapping: map at least one column besides the key');
}

/** The keys (as JSON of their texts) of the given rows that exist in this company. */
async function existingKeys(db: Queryable, screen: Screen, keysOfRows: unknown[][], company: string | null): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keysOfRows.length) return found;
  const p = new Params();
  const arrays = screen.keys.map((k, j) =>
    p.add(
      keysOfRows.map((keys) => keys[j]),
      `${castOf[screen.valueType[k]!]}[]`,
    ),
  );
  const cols = screen.keys.map((k) => `r.${ident(k)}`);
  const scope = screen.source.company ? ` and r.${ident(screen.source.company)} = ${p.add(company, 'text')}` : '';
  const r = await db.query<{ k: string[] }>(
    `select array[${cols.map((c) => `${c}::text`).join(', ')}] as k from ${relation(screen.source.relation)} r
     where (${cols.join(', ')}) in (select * from unnest(${arrays.join(', ')}))${scope}`,
    p.values,
  );
  for (const row of r.rows) found.add(JSON.stringify(row.k));
  return found;
}

const keyId = (keys: unknown[]) => JSON.stringify(keys.map((k) => String(k)));

/**
 * Plans an import: per row, the action and its SQL-bound values, or its problems.
 * `result.written` is false here; the caller writes `write` on commit.
 */
export async function planImport(
  db: Queryable,
  screen: Screen,
  sheet: Sheet,
  mapping: (string | null)[],
  lang: string,
  company: string | null,
  rights: Rights,
): Promise<{ result: ImportResult; write: ImportWrite }> {
  checkMapping(screen, sheet, mapping);
  const mapped = mapping.flatMap((field, i) => (field ? [{ field, i }] : []));
  const problems: Problem[] = [];
  const bad = new Set<number>();
  const fail = (line: number, field: string | null, message: string) => {
    bad.add(line);
    if (problems.length < MAX_ERRORS) problems.push({ line, field, message });
  };

  // 1. Cells → values; ref texts collected per field.
  const refTexts = new Map<string, Set<string>>();
  const converted = sheet.rows.map(({ line, cells }) => {
    const obj: Row = {};
    for (const { field, i } of mapped) {
      const col = screen.columns[field]!;
      const cell = cells[i] ?? null;
      if (col.type === 'ref') {
        // A looked-up text as the export guarded it ('=Brand) is the text itself.
        const t = unguardCell(cellText(cell).trim());
        obj[field] = t === '' ? null : { ref: t };
        if (t !== '') refTexts.set(field, (refTexts.get(field) ?? new Set()).add(t));
        continue;
      }
      const c = importCell(col, screen.valueType[field]!, cell, lang);
      if (c.ok) obj[field] = c.value;
      else fail(line, field, c.message);
    }
    return { line, obj };
  });

  // 2. Refs: keys or display texts → keys.
  const resolved = new Map<string, Map<string, { ok: true; value: unknown } | { ok: false; message: string }>>();
  for (const [field, texts] of refTexts) resolved.set(field, await resolveRefs(db, screen, field, [...texts], lang, company));
  for (const { line, obj } of converted) {
    for (const field of refTexts.keys()) {
      const x = obj[field] as { ref: string } | null | undefined;
      if (!x) continue;
      const r = resolved.get(field)!.get(x.ref)!;
      if (r.ok) obj[field] = r.value;
      else {
        delete obj[field];
        fail(line, field, r.message);
      }
    }
  }

  // 3. Keys: which rows update, which insert.
  const keyMapped = screen.keys.every((k) => mapping.includes(k));
  const keyed = converted.filter(({ obj }) => keyMapped && screen.keys.every((k) => obj[k] !== null && obj[k] !== undefined));
  const existing = await existingKeys(
    db,
    screen,
    keyed.map(({ obj }) => screen.keys.map((k) => obj[k])),
    company,
  );
  const firstLine = new Map<string, number>();
  const write: ImportWrite = { inserts: [], updates: [] };
  const schemas = { add: rowSchema(screen, 'add', screen.valueType), set: rowSchema(screen, 'set', screen.valueType, { multiPatch: true }) };
  const addable = new Set(writableFields(screen, 'add'));
  const settable = new Set(writableFields(screen, 'set'));

  for (const { line, obj } of converted) {
    const hasKey = keyMapped && screen.keys.every((k) => obj[k] !== null && obj[k] !== undefined);
    const keys = hasKey ? screen.keys.map((k) => obj[k]) : [];
    let mode: 'add' | 'set';
    if (hasKey) {
      const id = keyId(keys);
      const seen = firstLine.get(id);
      if (seen !== undefined) {
        fail(line, screen.keys[0]!, `${IM.duplicate_row}?line=${seen}`);
        continue;
      }
      firstLine.set(id, line);
      if (existing.has(id)) mode = 'set';
      else if (screen.source.generatedKey) {
        fail(line, screen.keys[0]!, IM.row_not_found);
        continue;
      } else mode = 'add';
    } else if (screen.source.generatedKey) mode = 'add';
    else {
      fail(line, screen.keys.find((k) => obj[k] === null || obj[k] === undefined) ?? screen.keys[0]!, IM.key_required);
      continue;
    }
    if (mode === 'add' && !rights.canAdd) {
      fail(line, null, IM.no_add);
      continue;
    }
    if (mode === 'set' && !rights.canSet) {
      fail(line, null, IM.no_set);
      continue;
    }
    if (bad.has(line)) continue; // conversion problems already reported

    const fields = mode === 'add' ? addable : settable;
    const values: Row = {};
    for (const [f, x] of Object.entries(obj)) if (fields.has(f) && (mode === 'add' || !screen.keys.includes(f))) values[f] = x;
    const r = v.safeParse(schemas[mode], values, PARSE_CONFIG);
    if (!r.success) {
      const byField = new Map<string, string>();
      for (const issue of r.issues) {
        const field = issuePath(issue).split('.')[0] ?? '';
        if (!byField.has(field)) byField.set(field, issue.message);
      }
      for (const [field, message] of byField) fail(line, field || null, message);
      continue;
    }
    try {
      const bound = rowValues(screen, mode, values, `line ${line}`);
      if (mode === 'add') write.inserts.push({ line, values: bound });
      else write.updates.push({ line, where: `line ${line}`, keys, values: bound });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      fail(line, null, e.message);
    }
  }
  // A value naming another company's row (a link table's key such as pm_id; refs were read within the company): not found here.
  const missing = await missingReferences(
    db,
    screen,
    [...write.inserts, ...write.updates].map((r) => r.values),
    company,
  );
  if (missing.size) {
    const refused = (r: { line: number; values: Row }) => {
      const fields = missingFields(screen, r.values, missing);
      for (const f of fields) fail(r.line, f, `${IM.ref_not_found}?value=${encodeURIComponent(String(r.values[f]).slice(0, 80))}`);
      return fields.length > 0;
    };
    write.inserts = write.inserts.filter((r) => !refused(r));
    write.updates = write.updates.filter((r) => !refused(r));
  }
  // Multi values patch the stored languages: a required one must keep a text in some language.
  if (write.updates.length && Object.values(screen.columns).some((c) => c.type === 'multi' && c.required)) {
    const stored = await readRows(
      db,
      screen,
      write.updates.map((u) => u.keys),
      { company },
    );
    const kept: ImportWrite['updates'] = [];
    write.updates.forEach((u, i) => {
      const emptied = emptiedMulti(screen, stored[i], u.values);
      if (emptied) fail(u.line, emptied, M.required_any_language);
      else kept.push(u);
    });
    write.updates = kept;
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    result: {
      rows: sheet.rows.length,
      inserts: write.inserts.length,
      updates: write.updates.length,
      unchanged: 0,
      errorRows: bad.size,
      errors: problems,
      written: false,
    },
    write,
  };
}

/**
 * Each problem with what the file holds there, for the report a user fixes the file by:
 * the row's key texts (when the key columns are mapped) and the text of the problem's field.
 */
export function withCells(result: ImportResult, sheet: Sheet, mapping: (string | null)[], keys: readonly string[]): ImportResult {
  const cellsOf = new Map(sheet.rows.map((r) => [r.line, r.cells]));
  const column = (field: string) => mapping.indexOf(field);
  const keyColumns = keys.map(column);
  const keyed = keyColumns.every((i) => i >= 0);
  return {
    ...result,
    errors: result.errors.map((p) => {
      const cells = cellsOf.get(p.line);
      if (!cells) return p;
      const i = p.field ? column(p.field) : -1;
      return {
        ...p,
        ...(keyed ? { key: Object.fromEntries(keys.map((k, j) => [k, cellText(cells[keyColumns[j]!] ?? null)])) } : {}),
        ...(i >= 0 ? { value: cellText(cells[i] ?? null) } : {}),
      };
    }),
  };
}

/**
 * The plan's result after the (dry-run or real) write: the rows the database refused as
 * problems of their lines, no longer counted as written, and the updates that found their
 * row already holding the values counted as unchanged.
 */
export function withWritten(result: ImportResult, write: ImportWrite, written: { refused: readonly RefusedRow[]; updated?: number }): ImportResult {
  const { refused } = written;
  const insertLines = new Set(write.inserts.map((r) => r.line));
  const refusedInserts = refused.filter((r) => insertLines.has(r.line)).length;
  const updates = result.updates - (refused.length - refusedInserts);
  // A rule of the schema names the column it is about (core/recordRules.ts): the preview marks it.
  const fieldOf = (p: ErrorParams | undefined) => (typeof p?.fields === 'string' && p.fields ? p.fields.split(',')[0]! : null);
  const errors = [
    ...result.errors,
    ...refused.map((r) => ({ line: r.line, field: r.error instanceof DbFieldRefusal ? r.error.column : fieldOf(r.error.params), message: problemOf(r.error.code, r.error.params ?? {}) })),
  ]
    .sort((a, b) => a.line - b.line)
    .slice(0, MAX_ERRORS);
  return {
    ...result,
    inserts: result.inserts - refusedInserts,
    updates: written.updated ?? updates,
    unchanged: updates - (written.updated ?? updates),
    errorRows: result.errorRows + refused.length,
    errors,
  };
}
