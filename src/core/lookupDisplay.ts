/**
 * What a lookup shows for a key, in one place for the grid's cells, the forms' choices,
 * the server's sort by a looked-up column and the sheets' labels (export, import by
 * text): its name in the user's language when it has names (VAT "Standard rate 23 %",
 * not "SK23"), else its first non-key column, else the key itself.
 */
export function lookupDisplayField(columns: Readonly<Record<string, { type?: string | undefined }>>, keys: readonly string[]): string {
  const fields = Object.keys(columns).filter((f) => !keys.includes(f));
  return fields.find((f) => columns[f]!.type === 'multi') ?? fields[0] ?? keys[0]!;
}
