/** An imported cell as a column's value, or the locale key of why it is none (cells.ts, options.ts, refs.ts). */
export type Converted = { ok: true; value: unknown } | { ok: false; message: string };
