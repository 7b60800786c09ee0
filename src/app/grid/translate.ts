/**
 * The translate action of a grid (spec §2): for the selected rows (or every row at hand
 * when none is selected), fill the EMPTY languages of each translatable multi-language
 * column from a source language. Ctrl or Meta with selected rows overwrites existing
 * texts; product_name is overwritten only when Shift is held as well.
 * `planTranslation` is pure; `runTranslation` asks the company's default engine (POST
 * /api/translate) for the distinct texts, batched, and stops at the first failure.
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
const GUARDED_FIELD = 'product_name';

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

/** Texts keyed by an id, from one language into several: per language, the same ids. */
export type Translator = (texts: Record<string, string>, from: string, to: string[]) => Promise<Record<string, Record<string, string>>>;

/** Texts in one request (the server takes at most 50 named texts). */
export const TEXTS_PER_CALL = 50;

/**
 * Runs the tasks: identical texts once, the texts of one language pair together (a
 * product's name and descriptions in one request, up to TEXTS_PER_CALL), a few requests at a
 * time; answers the new value of each (row, field) — the old object with the translated
 * languages merged in. The first failure rejects (the caller shows it) and nothing is
 * answered, so nothing is written.
 */
export async function runTranslation(
  tasks: readonly TranslateTask[],
  rows: ReadonlyMap<string, Row>,
  translate: Translator,
  parallel = 4,
): Promise<{ rowId: string; field: string; value: Record<string, unknown> }[]> {
  const keyOf = (t: TranslateTask) => JSON.stringify([t.text, t.from, t.to]);
  const unique = [...new Map(tasks.map((t) => [keyOf(t), t])).values()];
  const pairs = new Map<string, TranslateTask[]>();
  for (const t of unique) {
    const pair = JSON.stringify([t.from, t.to]);
    pairs.set(pair, [...(pairs.get(pair) ?? []), t]);
  }
  const calls: TranslateTask[][] = [];
  for (const same of pairs.values()) for (let i = 0; i < same.length; i += TEXTS_PER_CALL) calls.push(same.slice(i, i + TEXTS_PER_CALL));
  let failed: unknown = null;
  let next = 0;
  const results = new Map<string, Record<string, string>>();
  const worker = async () => {
    while (next < calls.length && failed === null) {
      const call = calls[next++]!;
      const { from, to } = call[0]!;
      try {
        const got = await translate(Object.fromEntries(call.map((t, i) => [`t${i}`, t.text])), from, to);
        call.forEach((t, i) => {
          const texts: Record<string, string> = {};
          for (const l of to) {
            const x = got[l]?.[`t${i}`];
            if (typeof x === 'string') texts[l] = x;
          }
          results.set(keyOf(t), texts);
        });
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, calls.length) }, worker));
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
