/**
 * Ref columns in sheets: exported as their lookup's display text (what the grid shows; a
 * tree lookup's path), imported from the key, that text or a tree's unique leaf name. The display field of a lookup is the one the
 * browser shows (core/lookupDisplay.ts); multi-language ones in the request language.
 * Company-scoped lookups only see the company's rows.
 */
import type { Queryable } from '../db/types.ts';
import type { Screen } from '../actions/engine/screens.ts';
import { lookupSql, scoped } from '../actions/engine/lookupSql.ts';
import { Params } from '../actions/engine/sql.ts';
import type { Converted } from './converted.ts';
import { normalPath } from '../../core/lookupDisplay.ts';

/** Locale keys of import problems (besides validation.*); each is in every catalogue. */
export const IMPORT_MESSAGES = {
  ref_not_found: 'import.ref_not_found',
  ref_ambiguous: 'import.ref_ambiguous',
  ref_ambiguous_path: 'import.ref_ambiguous_path',
  row_not_found: 'import.row_not_found',
  duplicate_row: 'import.duplicate_row',
  no_add: 'import.no_add',
  no_set: 'import.no_set',
  key_required: 'import.key_required',
  unknown_option: 'import.unknown_option',
} as const;

/** How the grid shows a searched lookup's row (large lookups: the code carries the meaning). */
const SEARCH_LABEL_SEPARATOR = ' · ';

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
 * row whose display text matches (case-insensitive; a tree lookup's path with any spacing
 * around '›'); else, in a tree lookup, the one row of that name (a leaf named under one
 * parent only). Several → ambiguous (a tree's with an example path); none → not found.
 */
export async function resolveRefs(db: Queryable, screen: Screen, field: string, texts: string[], lang: string, company: string | null): Promise<Map<string, Converted>> {
  const out = new Map<string, Converted>();
  if (!texts.length) return out;
  const l = lookupSql(screen, field);
  // "key · text" as exported (and shown) for searched lookups: the key decides.
  const keyOf = (t: string) => (l.search && t.includes(SEARCH_LABEL_SEPARATOR) ? t.slice(0, t.indexOf(SEARCH_LABEL_SEPARATOR)).trim() : t);
  const textOf = (t: string) => (l.tree ? normalPath(t) : t).toLowerCase();
  const p = new Params();
  const label = l.label(p, lang);
  const name = l.tree ? l.name(p, lang) : null;
  const lowered = p.add([...new Set(texts.map(textOf))], 'text[]');
  const r = await db.query<{ key: unknown; k: string; label: string | null; name: string | null }>(
    `select * from (select ${l.key} as key, ${l.key}::text as k, ${label} as label, ${name ?? 'null::text'} as name from ${l.from} l
       where true${scoped(l, p, company)}) m
     where m.k = any(${p.add(texts.map(keyOf), 'text[]')}) or lower(m.label) = any(${lowered})${name ? ` or lower(m.name) = any(${lowered})` : ''}
     order by m.key limit ${texts.length * 5 + 100}`,
    p.values,
  );
  const byKey = new Map<string, unknown>();
  const byText = (column: 'label' | 'name') => {
    const m = new Map<string, { key: unknown; label: string | null }[]>();
    for (const row of r.rows) if (row[column] !== null) m.set(row[column].toLowerCase(), [...(m.get(row[column].toLowerCase()) ?? []), row]);
    return m;
  };
  for (const row of r.rows) byKey.set(row.k, row.key);
  const byLabel = byText('label');
  const byName = byText('name');
  for (const t of texts) {
    if (byKey.has(keyOf(t))) {
      out.set(t, { ok: true, value: byKey.get(keyOf(t)) });
      continue;
    }
    const labelHits = byLabel.get(textOf(t)) ?? [];
    const hits = labelHits.length ? labelHits : (byName.get(textOf(t)) ?? []);
    const value = `value=${encodeURIComponent(t.slice(0, 80))}`;
    if (hits.length === 1) out.set(t, { ok: true, value: hits[0]!.key });
    else if (!hits.length) out.set(t, { ok: false, message: `${IMPORT_MESSAGES.ref_not_found}?${value}` });
    else if (labelHits.length) out.set(t, { ok: false, message: `${IMPORT_MESSAGES.ref_ambiguous}?${value}` });
    else out.set(t, { ok: false, message: `${IMPORT_MESSAGES.ref_ambiguous_path}?${value}&path=${encodeURIComponent(hits[0]!.label ?? '')}` });
  }
  return out;
}
