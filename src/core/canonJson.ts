/** JSON with object keys sorted: one value, one text, whatever order its objects were built in. */
export const canon = (x: unknown): string =>
  JSON.stringify(x, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
