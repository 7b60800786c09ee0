/**
 * The display texts of the ref values change log entries name ("Brand: Bosch → Makita", not
 * "3 → 5"), by the one rule for what a lookup shows (core/lookupDisplay.ts, lookupSql.ts):
 * one query per logged screen's ref field for a whole page of entries (the grid's
 * `change_labels` list) or export window (transfer/export.ts), never one per cell.
 *
 * Only lookups the user may list are read, company-scoped ones within the user's company
 * (the entries are the company's own); a key whose row is gone gets no text (shown as itself).
 */
import { actionContracts } from '../../../schemas/api.ts';
import type { RefLabels } from '../../core/changeSummary.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, forbidden } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { refLabels } from '../transfer/refs.ts';
import { implement } from './implement.ts';
import { requireForm } from './engine/permissions.ts';
import { screens, type Screen, type ValueType } from './engine/screens.ts';
import { Params, castOf, ident, relation } from './engine/sql.ts';

/** Labels by logged form: form → field → key → text. */
export type LabelsByForm = Record<string, Record<string, Record<string, string>>>;

/** A key its lookup's key type can hold (a cast of anything else would fail the query). */
function fits(type: ValueType, x: unknown): boolean {
  if (type === 'text') return typeof x === 'string' || typeof x === 'number';
  if (type === 'int') return (typeof x === 'number' && Number.isSafeInteger(x)) || (typeof x === 'string' && /^-?\d{1,15}$/.test(x));
  if (columnTypes[type].numeric) return typeof x === 'number' && Number.isFinite(x);
  return false;
}

async function mayList(db: Queryable, session: Session, form: string): Promise<boolean> {
  try {
    await requireForm(db, session, form, 'list');
    return true;
  } catch (e) {
    if (e instanceof HttpError && e.status === 403) return false;
    throw e;
  }
}

/** The texts of the ref values in the entries' `changes` (each entry: `entity_name`, `changes`). */
export async function changeRefLabels(db: Queryable, session: Session, entries: readonly Record<string, unknown>[], lang: string, changesField = 'changes'): Promise<LabelsByForm> {
  // form → field → the keys to look up
  const wanted = new Map<string, Map<string, Set<unknown>>>();
  for (const e of entries) {
    const screen = typeof e.entity_name === 'string' ? screens.get(e.entity_name) : undefined;
    const changes = e[changesField];
    if (!screen || !changes || typeof changes !== 'object' || Array.isArray(changes)) continue;
    for (const [field, pair] of Object.entries(changes)) {
      const col = screen.columns[field];
      if (col?.type !== 'ref' || !col.lookup || !Array.isArray(pair)) continue;
      const lookup = screens.get(col.lookup);
      if (!lookup) continue;
      const keyType = lookup.valueType[lookup.keys[0]!]!;
      for (const x of pair) {
        if (!fits(keyType, x)) continue;
        let byField = wanted.get(screen.form);
        if (!byField) wanted.set(screen.form, (byField = new Map()));
        let keys = byField.get(field);
        if (!keys) byField.set(field, (keys = new Set()));
        keys.add(x);
      }
    }
  }
  const out: LabelsByForm = {};
  const allowed = new Map<string, boolean>();
  for (const [form, byField] of wanted) {
    const screen = screens.get(form)!;
    for (const [field, keys] of byField) {
      const lookup = screen.columns[field]!.lookup!;
      if (!allowed.has(lookup)) allowed.set(lookup, await mayList(db, session, lookup));
      if (!allowed.get(lookup)) continue;
      const labels = await refLabels(db, screen, field, [...keys], lang, session.company);
      if (labels.size) (out[form] ??= {})[field] = Object.fromEntries(labels);
    }
  }
  return out;
}

/** The labels of one entry's logged form (the argument of core/changeSummary's `changeLines`). */
export const entryLabels = (labels: LabelsByForm, form: unknown): RefLabels | undefined => (typeof form === 'string' ? labels[form] : undefined);

/** Screens that show change log entries in words (a `changeSummary` column): product_change_log, product_changes. */
const logScreens = (): Screen[] => [...screens.values()].filter((s) => Object.values(s.columns).some((c) => c.renderer === 'changeSummary') && s.columns.entity_name);

/**
 * `change_labels` list `{log_ids, language}` → `{labels: form → field → key → text}`: the
 * texts of the entries' ref values. The entries are read through the change log screens the
 * user may list (403 if none), within the user's company, like the grid's rows themselves.
 */
export const changeLabels = implement(actionContracts.change_labels, async ({ db, session }, input) => {
  const lang = input.language ?? session.languageCode;
  let ids = [...new Set(input.log_ids)];
  const entries: Record<string, unknown>[] = [];
  let permitted = false;
  for (const screen of logScreens()) {
    if (!ids.length) break;
    if (!(await mayList(db, session, screen.form))) continue;
    permitted = true;
    const changes = Object.keys(screen.columns).find((f) => screen.columns[f]!.renderer === 'changeSummary')!;
    const key = screen.keys[0]!;
    const p = new Params();
    const where = [`${ident(key)} = any(${p.add(ids, `${castOf[screen.valueType[key]!]}[]`)})`];
    if (screen.source.company) {
      if (!session.company) throw forbidden('forbidden: this form needs a company');
      where.push(`${ident(screen.source.company)} = ${p.add(session.company, 'text')}`);
    }
    const r = await db.query<{ id: number; entity_name: string; changes: unknown }>(
      `select ${ident(key)} as id, entity_name, ${ident(changes)} as changes from ${relation(screen.source.relation)} where ${where.join(' and ')}`,
      p.values,
    );
    entries.push(...r.rows);
    const found = new Set(r.rows.map((x) => Number(x.id)));
    ids = ids.filter((id) => !found.has(id));
  }
  if (!permitted) throw forbidden('forbidden: no change log to read');
  return { labels: await changeRefLabels(db, session, entries, lang) };
});
