/**
 * JSON text made elsewhere (by the database: engine/rowsJson.ts), spliced into an answer
 * as it is instead of being parsed into objects and written out again.
 */
export class RawJson {
  constructor(readonly text: string) {}
  /** Whoever serializes it the ordinary way still gets the same value (slowly). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * JSON.stringify, except that a RawJson (the value itself, or a property of a top-level
 * object: `{ data: RawJson }` of api_action) goes in as its text.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.some(([, v]) => v instanceof RawJson)) {
      const parts: string[] = [];
      for (const [k, v] of entries) {
        const text = v instanceof RawJson ? v.text : (JSON.stringify(v) as string | undefined);
        if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`);
      }
      return `{${parts.join(',')}}`;
    }
  }
  return JSON.stringify(value);
}
