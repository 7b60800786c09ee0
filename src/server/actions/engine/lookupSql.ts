/**
 * The SQL of a ref column's lookup: its relation, key and display text (core/lookupDisplay.ts,
 * as in the browser; multi-language ones in a language), scoped to
 * the company when the lookup is. Sorting by a ref column (list.ts) and sheets (export
 * labels, import by text: transfer/refs.ts) read it.
 */
import { screens, type Screen } from './screens.ts';
import { Params, castOf, ident, relation } from './sql.ts';
import { PATH_DEPTH, PATH_SEPARATOR, lookupDisplayField } from '../../../core/lookupDisplay.ts';
import { FALLBACK_LANG } from '../../../core/query/langText.ts';
import { sortsByLabel as byLabel } from '../../../core/query/order.ts';

export interface LookupSql {
  /** A searched (large) lookup: labels are "key · display text". */
  search: boolean;
  from: string;
  key: string;
  keyCast: string;
  /** The display text of the row `l`: a tree lookup's path from the root. */
  label: (p: Params, lang: string) => string;
  /** A tree lookup's (source.parent) own name of the row `l`, its path's last part; else the label. */
  name: (p: Params, lang: string) => string;
  tree: boolean;
  company: string | undefined;
}

export function lookupSql(screen: Screen, field: string): LookupSql {
  const lookup = screens.get(screen.columns[field]!.lookup!)!;
  const key = lookup.keys[0]!;
  const display = lookupDisplayField(lookup.columns, lookup.keys);
  const multi = lookup.columns[display]!.type === 'multi';
  const from = relation(lookup.source.relation);
  // The language is a parameter only where a name reads it: an unused one has no type.
  const nameOf = (alias: string, lang: () => string) => (multi ? multiLabel(`${alias}.${ident(display)}`, lang()) : `${alias}.${ident(display)}::text`);
  const langOf = (p: Params, lang: string) => {
    let param: string | undefined; // added on first use, once
    return () => (param ??= p.add(lang, 'text'));
  };
  const name = (p: Params, lang: string) => nameOf('l', langOf(p, lang));
  const parent = lookup.source.parent;
  return {
    search: !!lookup.source.search,
    from,
    key: `l.${ident(key)}`,
    keyCast: castOf[lookup.valueType[key]!],
    label: parent ? (p, lang) => treeLabel(from, ident(key), ident(parent), nameOf, langOf(p, lang)) : name,
    name,
    tree: !!parent,
    company: lookup.source.company,
  };
}

/**
 * A tree lookup row's path, as the browser makes it (core/lookupDisplay.ts `treePath`):
 * the names of `l` and its ancestors from the root, a nameless one by its key. Made per
 * lookup row, as any label; a cycle stops at the browser's depth.
 */
function treeLabel(from: string, key: string, parent: string, nameOf: (alias: string, lang: () => string) => string, lang: () => string): string {
  const part = (alias: string) => `coalesce(nullif(${nameOf(alias, lang)}, ''), ${alias}.${key}::text)`;
  return `(with recursive up(parent, name, depth) as (
      select l.${parent}, ${part('l')}, 1
      union all select a.${parent}, ${part('a')}, up.depth + 1 from up join ${from} a on a.${key} = up.parent where up.depth < ${PATH_DEPTH}
    ) select string_agg(name, '${PATH_SEPARATOR}' order by depth desc) from up)`;
}

/**
 * A multi-language text as the browser shows it (core/query/langText.ts `pickText`): in the
 * language, else the fallback language's (English), else the first text it has (jsonb
 * keeps keys in one order, and the browser reads them in that order).
 */
function multiLabel(column: string, lang: string): string {
  return `coalesce(nullif(${column} ->> ${lang}, ''), nullif(${column} ->> '${FALLBACK_LANG}', ''), (select t.value from jsonb_each_text(case when jsonb_typeof(${column}) = 'object' then ${column} end) t where t.value <> '' limit 1))`;
}

/**
 * A ref column sorts by what the grid shows, its lookup's display text; one of a searched
 * lookup by its key (codes carry the meaning), and a key column by its value (keys break
 * ties and carry keyset cursors: they must stay unique and in the row): core/query/order.ts.
 */
export function sortsByLabel(screen: Screen, field: string): boolean {
  const c = screen.columns[field];
  return !!c && byLabel(c, screen.keys.includes(field), !!(c.lookup && screens.get(c.lookup)?.source.search));
}

/**
 * The display text of a ref column's value in a row of `screen`'s relation, to sort by: a
 * LEFT JOIN of the lookup's keys and texts (each text made once per lookup row, not once
 * per listed row: a correlated subquery per row took 7× as long over a million products)
 * under `alias`, and the sort expression. One text per key (`distinct on`): a join must
 * not repeat a listed row.
 */
export function labelJoin(screen: Screen, field: string, p: Params, lang: string, company: string | null, alias: string): { join: string; expr: string } {
  const l = lookupSql(screen, field);
  const a = ident(alias);
  const texts = `select distinct on (${l.key}) ${l.key} as "~k", ${l.label(p, lang)} as "~t" from ${l.from} l where true${scoped(l, p, company)} order by ${l.key}, 2`;
  return { join: ` left join (${texts}) ${a} on ${a}."~k" = ${relation(screen.source.relation)}.${ident(field)}`, expr: `${a}."~t"` };
}

export function scoped(l: LookupSql, p: Params, company: string | null): string {
  return l.company ? ` and l.${ident(l.company)} = ${p.add(company, 'text')}` : '';
}
