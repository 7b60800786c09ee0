/**
 * What a lookup shows for a key, in one place for the grid's cells, the forms' choices,
 * the server's sort by a looked-up column and the sheets' labels (export, import by
 * text): its name in the user's language when it has names (VAT "Standard rate 23 %",
 * not "SK23"), else its first non-key column, else the key itself. A tree lookup
 * (source.parent) shows the path of those texts from the root: a leaf name may repeat.
 */
export function lookupDisplayField(columns: Readonly<Record<string, { type?: string | undefined }>>, keys: readonly string[]): string {
  const fields = Object.keys(columns).filter((f) => !keys.includes(f));
  return fields.find((f) => columns[f]!.type === 'multi') ?? fields[0] ?? keys[0]!;
}

/**
 * What a row shows by that rule: the display field's text (a multi value through `multi`,
 * in the language), '' when that field is a key (a row with nothing else to show).
 */
export function displayTextOf(
  columns: Readonly<Record<string, { type?: string | undefined }>>,
  keys: readonly string[],
  row: Readonly<Record<string, unknown>>,
  multi: (v: unknown) => string,
): string {
  const field = lookupDisplayField(columns, keys);
  if (keys.includes(field)) return '';
  const v = row[field];
  return columns[field]?.type === 'multi' ? multi(v) : v === null || v === undefined ? '' : String(v);
}

/** Between the names of a tree lookup's path (source.parent): shown, copied, exported and imported alike. */
export const PATH_SEPARATOR = ' › ';

/** How deep a path goes at most: a cycle in the parents ends there (the server's SQL stops at the same depth). */
export const PATH_DEPTH = 20;

/** A tree lookup row's path from the root: 'Kitchen › Cutlery'. A missing parent ends it. */
export function treePath<R>(row: R, parentOf: (r: R) => R | undefined, name: (r: R) => string): string {
  const names: string[] = [];
  for (let cur: R | undefined = row; cur && names.length < PATH_DEPTH; cur = parentOf(cur)) names.unshift(name(cur));
  return names.join(PATH_SEPARATOR);
}

/** A typed path in the one form, for matching: 'Kitchen›Cutlery ' → 'Kitchen › Cutlery'. */
export const normalPath = (text: string): string =>
  text
    .split('›')
    .map((s) => s.trim())
    .join(PATH_SEPARATOR);
