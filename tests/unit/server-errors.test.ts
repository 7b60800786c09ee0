/**
 * Every server error code, said in each of the seven languages from its code and
 * parameters (api/said.ts): a text of that language, numbers formatted for its locale,
 * never a key name or the server's English.
 */
import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/app/api/client.ts';
import { describeCode, describeError, say } from '../../src/app/api/said.ts';
import { ERROR_PARAMS, invalidValueParams, isErrorCode } from '../../src/core/errorCodes.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { M } from '../../src/core/validation/messages.ts';

const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const sample: Record<string, string | number> = {
  field: 'payload.rows.2.price',
  label: 'fields.price',
  reason: M.min,
  min: 0.0001,
  limit: 24000,
  count: 24000,
  max: 1000,
  row: 2,
  minutes: 3,
  engine: 'DeepL',
  variable: 'DEEPL_AUTH_KEY',
  // engine_timeout's wait and engine_failed's status (src/server/ai/engineFetch.ts)
  seconds: 30,
  status: 502,
  name: 'Mine',
  types: 'pdf, png',
  rule: 'category_cycle',
  // a rule's columns (core/recordRules.ts) and a bound's choices
  fields: 'eta,etd',
  options: 'text, image, video',
  column: 'x',
  resource: 'memory',
  retry_after: 10,
  event: 'pay',
  state: 'shipped',
  // the workflow editor (migration 122): an event's roles, the records a change would strand
  roles: 'Packer, Clerk',
  instances: 'SO-SK01-000042, SO-SK01-000043 …',
  value: 'P000001',
  from: '2026-03-01',
  to: '2026-02-01',
  token: 'dGhlIHRva2VuIG9mIGEgbGluaw',
  host: 'imaps://mail.example.com:993',
  // Ask-AI's guard
  relation: 'app.users',
  function: 'pg_sleep',
  message: 'column "x" does not exist',
  proposal_id: 62,
  product_code: 'P000001',
  // ship_short_stock (migration 092)
  order: 'SO-SK01-000042',
  // order_not_settled: what of the order's receivable is open (migration 128)
  open: 121.5,
  currency: 'EUR',
  product: 'P000230',
  short: 3,
  // einvoice_invalid: the document and where its data failed EN 16931's schema (src/server/invoices/einvoice.ts)
  document: 'INV-2026-000042',
  mail: '4711',
  // the AI budget, allow list and Ask-AI's answer size (issue 42)
  budget: 1000000,
  unit: 'tokens',
  model: 'o1-pro',
  kilobytes: 1024,
};
const KEY = /\b(server|validation|fields|rules|messages)\.[a-z_]+/;

describe("server errors in the user's language", () => {
  it('has a sample of every parameter a code takes (a new code names its values here)', () => {
    expect([...new Set(Object.values(ERROR_PARAMS).flat())].filter((p) => !(p in sample))).toEqual([]);
  });

  it.each(LANGS)('%s: every code is said from its parameters, without key names', (lang) => {
    const cat = catalogue(lang);
    const intl = createIntl({
      locale: LOCALE[lang],
      messages: cat,
      onError: (e) => {
        throw e;
      },
    });
    for (const code of Object.keys(ERROR_PARAMS)) {
      const text = say(intl, describeCode(code, sample));
      expect(text, `${lang} ${code}`).not.toMatch(KEY);
      expect(text.length, `${lang} ${code}`).toBeGreaterThan(3);
    }
  });

  it.each(LANGS)("%s: a refused value names its column and says the rule with the number in the locale's format", (lang) => {
    const cat = catalogue(lang);
    const intl = createIntl({ locale: LOCALE[lang], messages: cat });
    const e = new ApiError(
      400,
      'invalid_value',
      'payload.rows.2.price: must be at least 0.0001',
      'messages.status_text',
      undefined,
      invalidValueParams('payload.rows.2.price', { id: M.min, values: { min: '24000.5' } }, 'fields.price'),
    );
    const text = say(intl, describeError(e));
    expect(text.startsWith(`${cat['fields.price']}: `)).toBe(true);
    expect(text).toContain(new Intl.NumberFormat(LOCALE[lang]).format(24000.5));
    expect(text).not.toContain('must be at least');
  });

  it.each(LANGS)('%s: an import too heavy to read says which limit it met; a busy import says when to try again', (lang) => {
    const intl = createIntl({ locale: LOCALE[lang], messages: catalogue(lang) });
    const memory = say(intl, describeCode('sheet_too_large', { resource: 'memory' }, 413));
    const time = say(intl, describeCode('sheet_too_large', { resource: 'time' }, 413));
    expect(memory).not.toBe(time);
    expect(say(intl, describeError(new ApiError(503, 'import_busy', 'Too many imports are being read; try again shortly', 'messages.status_text', undefined, { retry_after: 10 })))).toContain(
      new Intl.NumberFormat(LOCALE[lang]).format(10),
    );
  });

  it('an unknown code, a rule the catalogue lacks and a network failure still read as sentences of the language', () => {
    const de = createIntl({ locale: 'de-DE', messages: catalogue('de') });
    expect(isErrorCode('no_such_code')).toBe(false);
    expect(say(de, describeCode('no_such_code', {}, 418))).toBe('Der Server antwortete mit Fehler 418.');
    expect(say(de, describeCode('rule_violated', { rule: 'some_check' }))).toBe(catalogue('de')['server.rule_violated']);
    expect(say(de, describeError(new ApiError(0, 'error', 'Network error', 'messages.status_text')))).toBe(catalogue('de')['server.network']);
  });
});
