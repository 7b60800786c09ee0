/**
 * The picked products' texts — name, short description, description — from one language
 * into the others, by the company's default engine (Google Translate or DeepL,
 * /settings/gtranslate): one engine request per target language and batch for all the
 * products together (machineTranslate). Only empty texts are filled unless `overwrite`.
 * Each product and language is written through product_translations' own write (row lock,
 * the product change log with who and before/after) in one transaction, after every
 * translation has come back: an engine failure writes nothing. The long description is rich
 * text (HTML, issue 46): it is written through product_list, whose `html` column the engine
 * sanitizes (product_translations takes plain text only).
 */
import { HttpError, forbidden } from '../http/errors.ts';
import { setRow } from '../actions/engine/write.ts';
import { screens } from '../actions/engine/screens.ts';
import type { UserCtx } from '../rpc/context.ts';
import { inTransaction } from './inTransaction.ts';
import { machineTranslate } from './machineTranslate.ts';
import { defaultEngine } from './translationEngines.ts';

const FIELDS = ['product_name', 'description_short', 'description'] as const;
type Field = (typeof FIELDS)[number];
type TextRow = { product_code: string; language_code: string } & Record<Field, string | null>;

export interface ProductTextsTranslate {
  product_codes: string[];
  from: string;
  overwrite: boolean;
}

export async function translateProductTexts({ db, session, config }: UserCtx, req: ProductTextsTranslate): Promise<{ products: number; written: number }> {
  if (!session.company) throw forbidden('forbidden: translating product texts needs a company');
  const codes = [...new Set(req.product_codes)];
  const found = await db.query<TextRow>(
    // The long description as stored (rich text), not as the translations grid shows it (read as text, migration 118).
    `select t.product_code, t.language_code, t.product_name, t.description_short, p.description ->> t.language_code as description
     from app.v_product_translations t join app.products p on p.product_code = t.product_code
     where t.company_code = $1 and t.product_code = any($2::text[])`,
    [session.company, codes],
  );
  const known = new Set(found.rows.map((r) => r.product_code));
  const missing = codes.find((c) => !known.has(c));
  if (missing !== undefined) throw new HttpError(404, 'not_found', `payload.product_codes: product ${missing} does not exist (or not in this company)`);

  // The source texts, keyed p<index>_<field> (the engines' named fields); the targets: every other language the products have.
  const source: Record<string, string> = {};
  codes.forEach((code, i) => {
    const row = found.rows.find((r) => r.product_code === code && r.language_code === req.from);
    for (const f of FIELDS) if (row?.[f]?.trim()) source[`p${i}_${f}`] = row[f];
  });
  const targets = [...new Set(found.rows.map((r) => r.language_code))].filter((l) => l !== req.from);
  if (!Object.keys(source).length || !targets.length) return { products: codes.length, written: 0 };

  const translated = await machineTranslate({ db, config }, session, await defaultEngine(db, session.company), source, req.from, targets);

  const texts = screens.get('product_translations')!;
  const products = screens.get('product_list')!;
  const scope = { company: session.company, userId: session.userId };
  return db.transaction(async (tx) => {
    const engineDb = inTransaction(db, tx);
    let written = 0;
    for (const lang of targets) {
      const got = translated[lang] as Record<string, string>;
      for (const [i, code] of codes.entries()) {
        const current = found.rows.find((r) => r.product_code === code && r.language_code === lang);
        const change: Partial<Record<Field, string>> = {};
        for (const f of FIELDS) {
          const text = got[`p${i}_${f}`];
          if (text?.trim() && (req.overwrite || !current?.[f]?.trim())) change[f] = text;
        }
        if (!Object.keys(change).length) continue;
        const { description, ...plain } = change;
        if (Object.keys(plain).length) await setRow(engineDb, texts, { product_code: code, language_code: lang, ...plain }, scope, { versionCheck: false });
        // A multi column's set is a patch of the languages given.
        if (description !== undefined) await setRow(engineDb, products, { product_code: code, description: { [lang]: description } }, scope, { versionCheck: false });
        written++;
      }
    }
    return { products: codes.length, written };
  });
}
