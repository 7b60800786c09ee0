/**
 * Captions: an administrator's texts instead of the catalogue's (app.captions, migration 056).
 * The browser gets a language's overrides precompiled like its catalogue parts
 * (`GET /api/captions/{lang}`, i18n/I18nProvider.tsx merges them over every part); the server's
 * own texts (e-mails, print documents) read them through `intlFor`.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Hono } from 'hono';
import type { IntlShape } from '@formatjs/intl';
import { compileCatalogue } from '../../core/catalogue.ts';
import { captionProblem } from '../../core/icuShape.ts';
import { isLang, LOCALE } from '../../core/langs.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { intlOf } from '../mail/render.ts';
import { catalogue } from '../transfer/catalogue.ts';

/** A language's overrides: key → text. */
export async function captionsOf(db: Queryable, lang: string): Promise<Record<string, string>> {
  const r = await db.query<{ text_key: string; caption_text: string }>('select text_key, caption_text from app.captions where language_code = $1', [lang]);
  return Object.fromEntries(r.rows.map((x) => [x.text_key, x.caption_text]));
}

/** The server's formatter of a language with the overrides in force (print documents, e-mails). */
export async function intlFor(db: Queryable, lang: string): Promise<IntlShape> {
  return intlOf(lang, isLang(lang) ? await captionsOf(db, lang) : {});
}

/**
 * Why a caption cannot stand for the catalogue text of `key`: not ICU, or not the shape of the
 * key's English text (src/core/icuShape.ts, codegen's rule); null when it can (or the key is
 * unknown: the reference check says so).
 */
export function captionRefusal(key: string, lang: string, text: string) {
  const original = catalogue('en')[key];
  if (original === undefined || !isLang(lang)) return null;
  return captionProblem((t) => parse(t, { locale: new Intl.Locale(LOCALE[lang]) }), lang, text, original);
}

/**
 * GET /api/captions/{lang}: the language's overrides as the browser's catalogue parts ship
 * (plain texts and ICU ASTs). Public like the catalogue itself (the sign-in page reads it);
 * never cached, so an override shows on the next load.
 */
export function mountCaptions(app: Hono, deps: { db: Db }): void {
  app.get('/api/captions/:lang', async (c) => {
    const lang = c.req.param('lang');
    if (!isLang(lang)) throw new HttpError(404, 'not_found', 'No such language');
    return c.json(compileCatalogue(await captionsOf(deps.db, lang), lang));
  });
}
