/**
 * The check every write makes of the values that name other rows (screens.ts
 * `references`: refs, declared `references`, a detail's key of its master): the row must
 * exist, and belong to the session's company when the referenced form's rows belong to
 * companies. A link table's key (payment_method_shops.pm_id) is checked like a ref: the
 * read view scopes the row by its shop alone, so nothing else would stop another
 * company's payment method. Rows of shared data (countries, categories) are left to the
 * database's foreign keys, except a ref's, which must be in its lookup.
 */
import type { Queryable } from '../../db/types.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { refused, type HttpError } from '../../http/errors.ts';
import type { Reference, Screen, ValueType } from './screens.ts';
import { Params, castOf, ident, relation } from './sql.ts';

type Row = Record<string, unknown>;

/** An int as bigint: int = bigint is served by the key's index, int = numeric is not. */
const castOfRef = (type: ValueType) => (type === 'int' ? 'bigint' : castOf[type]);

/** The reference a write checks for a field, if any. */
function checked(screen: Screen, field: string): Reference | undefined {
  const ref = Object.hasOwn(screen.references, field) ? screen.references[field] : undefined;
  return ref && (ref.company || screen.columns[field]?.type === 'ref') ? ref : undefined;
}

/** A value as the missing sets hold it. */
const valueId = (value: unknown) => JSON.stringify(value);

/**
 * The values of the rows' reference columns that name no row (of the `company`, for a
 * company's form): per field, the missing values (`valueId`). One query for all fields
 * and rows, each distinct value looked up once.
 */
export async function missingReferences(db: Queryable, screen: Screen, rows: readonly Row[], company: string | null): Promise<Map<string, Set<string>>> {
  const p = new Params();
  let companyParam: string | undefined;
  const parts: string[] = [];
  const lists: { field: string; ids: string[] }[] = [];
  const fields = new Set(rows.flatMap((r) => Object.keys(r)));
  for (const field of fields) {
    const ref = checked(screen, field);
    if (!ref) continue;
    const distinct = new Map<string, unknown>();
    for (const r of rows) {
      const value = r[field];
      if (value !== null && value !== undefined) distinct.set(valueId(value), value);
    }
    if (!distinct.size) continue;
    const conds = [`l.${ident(ref.key)} = u.v`];
    if (ref.company) conds.push(`l.${ident(ref.company)} = ${(companyParam ??= p.add(company, 'text'))}`);
    const values = p.add([...distinct.values()], `${castOfRef(screen.valueType[field]!)}[]`);
    parts.push(
      `select ${lists.length} as f, u.n::int as n from unnest(${values}) with ordinality as u(v, n)
       where not exists (select 1 from ${relation(ref.from)} l where ${conds.join(' and ')})`,
    );
    lists.push({ field, ids: [...distinct.keys()] });
  }
  const missing = new Map<string, Set<string>>();
  if (!parts.length) return missing;
  const r = await db.query<{ f: number; n: number }>(parts.join('\nunion all\n'), p.values);
  for (const { f, n } of r.rows) {
    const { field, ids } = lists[f]!;
    missing.set(field, (missing.get(field) ?? new Set()).add(ids[n - 1]!));
  }
  return missing;
}

/** The fields (in column order) of a row whose value `missingReferences` found missing. */
export function missingFields(screen: Screen, values: Row, missing: Map<string, Set<string>>): string[] {
  if (!missing.size) return [];
  return Object.keys(screen.columns).filter((f) => {
    const value = values[f];
    return value !== null && value !== undefined && !!missing.get(f)?.has(valueId(value));
  });
}

/**
 * Refuses the first row (in order) with a reference naming no row of the company: 400
 * `foreign_reference` {field, value} — the same answer whether the row is another
 * company's or does not exist, so nothing about other companies' rows shows — or, for a
 * shared lookup, 400 `bad_request`. `where` names the row in the message
 * (`payload`, `payload.rows.3`, `line 7`).
 */
export async function checkReferences(db: Queryable, screen: Screen, rows: readonly { where: string; values: Row }[], company: string | null): Promise<void> {
  const missing = await missingReferences(
    db,
    screen,
    rows.map((r) => r.values),
    company,
  );
  for (const r of rows) {
    const [field] = missingFields(screen, r.values, missing);
    if (field) throw refusal(screen.references[field]!, `${r.where}.${field}`, r.values[field], fieldLabelId(field, screen.columns[field]));
  }
}

function refusal(ref: Reference, at: string, value: unknown, label: string): HttpError {
  const shown = JSON.stringify(value);
  if (!ref.company) return refused('bad_reference', `${at}: no ${ref.form} record ${shown}`, { field: at, label });
  return refused('foreign_reference', `${at}: no ${ref.form} row ${shown} in this company`, { field: at, value: String(value), label });
}
