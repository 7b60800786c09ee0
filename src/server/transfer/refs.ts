/**
 * Ref columns in sheets: exported as their lookup's display text (what the grid shows),
 * imported from either the key or that text. The display field of a lookup is the one the
 * browser shows (core/lookupDisplay.ts); multi-language ones in the request language.
 * Company-scoped lookups only see the company's rows.
 */
import type { Queryable } from '../db/types.ts';
import type { Screen } from '../actions/engine/screens.ts';
import { lookupSql, scoped } from '../actions/engine/lookupSql.ts';
import { Params } from '../actions/engine/sql.ts';
import type { Converted } from './cells.ts';

/** Locale keys of import problems (besides validation.*); each is in every catalogue. */
export const IMPORT_MESSAGES = {
  ref_not_found: 'import.ref_not_found',
  ref_ambiguous: 'import.ref_ambiguous',
  row_not_found: 'import.row_not_found',
  duplicate_row: 'import.duplicate_row',
  no_add: 'import.no_add',
  no_set: 'import.no_set',
  key_required: 'import.key_required',
  unknown_option: 'import.unknown_option',
} as const;

/** How the grid shows a searched lookup's row (large lookups: the code carries the meaning). */
export const SEARCH_LABEL_SEPARATOR = ' · ';

/** Display texts of the given keys of a ref column (keys without a row are left out). */
export async function refLabels(db: Queryable, screen: Screen, field: string, keys: unknown[], lang: string, company: string | null): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!keys.length) return out;
  const l = lookupSql(screen, field);
  const p = new Params();
  const r = await db.query<{ k: string; label: string | null }>(
    `select ${l.key}::text as k, ${l.label(p, lang)} as label from ${l.from} l
     where ${l.key} = any(${p.add(keys, `${l.keyCast}[]`)})${scoped(l, p, company)}`,
    p.values,
  );
  for (const row of r.rows) out.set(row.k, l.search && row.label ? `${row.k}${SEARCH_LABEL_SEPARATOR}${row.label}` : (row.label ?? row.k));
  return out;
}

/**
 * The key of each distinct text of a ref column: a key written as is wins; else the one
 * row whose display text matches (case-insensitive); several → ambiguous; none → not found.
 */
export async function resolveRefs(
  db: Queryable,
  screen: Screen,
  field: string,
  texts: string[],
  lang: string,
  company: string | null,
): Promise<Map<string, Converted>> {
  const out = new Map<string, Converted>();
  if (!texts.length) return out;
  const l = lookupSql(screen, field);
  // "key · text" as exported (and shown) for searched lookups: the key decides.
  const keyOf = (t: string) => (l.search && t.includes(SEARCH_LABEL_SEPARATOR) ? t.slice(0, t.indexOf(SEARCH_LABEL_SEPARATOR)).trim() : t);
  const p = new Params();
  const label = l.label(p, lang);
  const r = await db.query<{ key: unknown; k: string; label: string | null }>(
    `select ${l.key} as key, ${l.key}::text as k, ${label} as label from ${l.from} l
     where (${l.key}::text = any(${p.add(texts.map(keyOf), 'text[]')}) or lower(${label}) = any(${p.add(texts.map((t) => t.toLowerCase()), 'text[]')}))${scoped(l, p, company)}
     limit ${texts.length * 5 + 100}`,
    p.values,
  );
  const byKey = new Map<string, unknown>();
  const byLabel = new Map<string, unknown[]>();
  for (const row of r.rows) {
    byKey.set(row.k, row.key);
    const lower = (row.label ?? '').toLowerCase();
    byLabel.set(lower, [...(byLabel.get(lower) ?? []), row.key]);
  }
  for (const t of texts) {
    if (byKey.has(keyOf(t))) out.set(t, { ok: true, value: byKey.get(keyOf(t)) });
    else {
      const hits = byLabel.get(t.toLowerCase()) ?? [];
      if (hits.length === 1) out.set(t, { ok: true, value: hits[0] });
      else out.set(t, { ok: false, message: `${hits.length ? IMPORT_MESSAGES.ref_ambiguous : IMPORT_MESSAGES.ref_not_found}?value=${encodeURIComponent(t.slice(0, 80))}` });
    }
  }
  return out;
}
