/**
 * The translate action of a grid (spec §2): for the selected rows (or every row at hand
 * when none is selected), fill the EMPTY languages of each translatable multi-language
 * column from a source language. Ctrl or Meta with selected rows overwrites existing
 * texts; product_name is overwritten only when Shift is held as well.
 * `planTranslation` is pure; `runTranslation` calls the engine (POST /api/gt) once per
 * distinct text and stops at the first failure (503 not_configured until engines exist).
 */
import type { GridRow, Row } from './types.ts';

export interface TranslateOptions {
  /** The UI language: the preferred source. */
  lang: string;
  /** Every language a text may have. */
  langs: readonly string[];
  /** Ctrl/Meta held with rows selected. */
  overwrite: boolean;
  /** Shift also held: product_name may be overwritten too. */
  overwriteName: boolean;
}

export interface TranslateTask {
  rowId: string;
  field: string;
  from: string;
  text: string;
  to: string[];
}

/** The field whose texts are overwritten only with Shift held as well. */
export const GUARDED_FIELD = 'product_name';

const blank = (x: unknown) => typeof x !== 'string' || x.trim() === '';

/** The source language of a value: the UI language when it has text, else English, else the first with text. */
export function sourceLanguage(value: Record<string, unknown>, lang: string, langs: readonly string[]): string | null {
  if (!blank(value[lang])) return lang;
  if (!blank(value.en)) return 'en';
  return langs.find((l) => !blank(value[l])) ?? null;
}

export function planTranslation(rows: readonly GridRow[], fields: readonly string[], o: TranslateOptions): TranslateTask[] {
  const tasks: TranslateTask[] = [];
  for (const r of rows) {
    for (const field of fields) {
      const raw = r.data[field];
      const value = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
      const from = sourceLanguage(value, o.lang, o.langs);
      if (!from) continue;
      const overwrite = o.overwrite && (field !== GUARDED_FIELD || o.overwriteName);
      const to = o.langs.filter((l) => l !== from && (overwrite || blank(value[l])));
      if (to.length) tasks.push({ rowId: r.id, field, from, text: value[from] as string, to });
    }
  }
  return tasks;
}

export type Translator = (text: string, from: string, to: string[]) => Promise<Record<string, string>>;

/**
 * Runs the tasks (identical requests once, a few at a time); answers the new value of
 * each (row, field) — the old object with the translated languages merged in. The first
 * failure rejects (the caller shows it).
 */
export async function runTranslation(
  tasks: readonly TranslateTask[],
  rows: ReadonlyMap<string, Row>,
  translate: Translator,
  parallel = 4,
): Promise<{ rowId: string; field: string; value: Record<string, unknown> }[]> {
  const requests = new Map<string, Promise<Record<string, string>>>();
  const keyOf = (t: TranslateTask) => JSON.stringify([t.text, t.from, t.to]);
  const unique = [...new Map(tasks.map((t) => [keyOf(t), t])).values()];
  let failed: unknown = null;
  let next = 0;
  const results = new Map<string, Record<string, string>>();
  const worker = async () => {
    while (next < unique.length && failed === null) {
      const t = unique[next++]!;
      const k = keyOf(t);
      try {
        let p = requests.get(k);
        if (!p) {
          p = translate(t.text, t.from, t.to);
          requests.set(k, p);
        }
        results.set(k, await p);
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, unique.length) }, worker));
  if (failed !== null) throw failed;
  const out: { rowId: string; field: string; value: Record<string, unknown> }[] = [];
  for (const t of tasks) {
    const got = results.get(keyOf(t)) ?? {};
    const current = rows.get(t.rowId)?.[t.field];
    const base = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
    const add = Object.fromEntries(t.to.filter((l) => typeof got[l] === 'string' && got[l] !== '').map((l) => [l, got[l]!]));
    if (Object.keys(add).length) out.push({ rowId: t.rowId, field: t.field, value: { ...base, ...add } });
  }
  return out;
}
