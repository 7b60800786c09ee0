/**
 * A row's id in a grid (its `data-key`): the key's value, or the key values as a JSON array
 * for a screen with several key columns. The grid's model (app/grid/columns.ts) and the
 * server's first paint (server/http/firstPaint.ts) name rows alike.
 */
export const rowIdOf =
  (keys: readonly string[]) =>
  (row: Readonly<Record<string, unknown>>): string =>
    keys.length === 1 ? String(row[keys[0]!]) : JSON.stringify(keys.map((k) => row[k] ?? null));
