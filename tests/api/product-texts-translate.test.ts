/**
 * A product's texts into the six other languages in one action (issue 25; registry key
 * `product_texts_translate` on the product list): the picked products' name, short
 * description and description, from one language, by the company's default engine (Google
 * Translate here, a fake on 127.0.0.1), one engine request per target language for all the
 * products together; empty texts filled, the others only with `overwrite`; each write in the
 * product change log with its actor; an engine failure writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

type Row = Record<string, Json>;
const GOOGLE_PATH = '/language/translate/v2';
const googleEcho = (r: FakeRequest) => {
  const b = r.body as Row;
  return { json: { data: { translations: (b.q as string[]).map((q) => ({ translatedText: `[${b.target}] ${q}` })) } } };
};

describe.each(engines)('translating product texts on %s', (dbEngine) => {
  let s: TestServer,
    fake: EngineFake,
    admin = '',
    catalog = '',
    warehouse = '';
  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(dbEngine, { env: { GOOGLE_TRANSLATE_API_KEY: 'g-key', GOOGLE_TRANSLATE_URL: `${fake.url}${GOOGLE_PATH}`, AI_RETRY_BASE_MS: '1', TRANSLATE_TIMEOUT_MS: '1000' } });
    const tokens = await Promise.all(['admin', 'catalog', 'warehouse'].map(async (u) => (await s.login(`${u}@example.com`)).token));
    [admin, catalog, warehouse] = [tokens[0]!, tokens[1]!, tokens[2]!];
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });
  const { ok, rows } = serverHelpers(() => s);
  const texts = async (code: string): Promise<Record<string, Row>> =>
    Object.fromEntries(((await ok(admin, 'product_translations', 'filter', { product_code: code })).rows as Row[]).map((r) => [r.language_code, r]));

  it('fills the empty texts of the picked products in every other language, one engine request per language', async () => {
    const [a, b] = ((await ok(admin, 'product_list', 'list', { endRow: 2 })).rows as Row[]).map((r) => r.product_code as string);
    // Product a: no German short description yet; product b keeps its German name.
    const de = (await texts(a!)).de!;
    await ok(admin, 'product_translations', 'set', { product_code: a, language_code: 'de', row_version: de.row_version, description_short: '' });
    const before = { a: await texts(a!), b: await texts(b!) };
    expect(before.a.en!.description_short).not.toBe('');
    fake.reset();
    fake.answer(googleEcho);
    const r = (await ok(catalog, 'product_texts_translate', 'set', { product_codes: [a, b], from: 'en' })) as Row;
    expect(r.products).toBe(2);
    expect(r.written).toBeGreaterThan(0);
    // One request per target language (all texts of both products in it), the key as Google's parameter.
    expect(fake.requests.map((q) => (q.body as Row).target).sort()).toEqual(['bg', 'cs', 'de', 'hu', 'ro', 'sk']);
    for (const q of fake.requests) {
      expect(q.query.get('key')).toBe('g-key');
      expect((q.body as Row).source).toBe('en');
      expect((q.body as Row).q).toContain(before.a.en!.product_name);
    }
    const after = { a: await texts(a!), b: await texts(b!) };
    expect(after.a.de!.description_short).toBe(`[de] ${before.a.en!.description_short}`);
    // Texts that existed stay.
    expect(after.b.de!.product_name).toBe(before.b.de!.product_name);
    expect(after.a.hu!.product_name).toBe(before.a.hu!.product_name);
    const log = await rows(`select actor_user_id, after from app.product_change_log where entity_name = 'product_translations' and entity_key = $1::jsonb order by log_id desc limit 1`, [
      JSON.stringify([a, 'de']),
    ]);
    expect(log[0]).toMatchObject({ after: { description_short: `[de] ${before.a.en!.description_short}` } });
    expect(log[0]!.actor_user_id).toBe((await rows(`select user_id from app.users where user_email = 'catalog@example.com'`))[0]!.user_id);
  });

  it('overwrites the texts that exist when asked', async () => {
    const [a] = ((await ok(admin, 'product_list', 'list', { endRow: 1 })).rows as Row[]).map((r) => r.product_code as string);
    const before = await texts(a!);
    fake.answer(googleEcho);
    await ok(admin, 'product_texts_translate', 'set', { product_codes: [a], from: 'en', overwrite: true });
    const after = await texts(a!);
    for (const l of ['de', 'hu', 'sk', 'ro', 'cs', 'bg']) expect(after[l]!.product_name).toBe(`[${l}] ${before.en!.product_name}`);
    expect(after.en!.product_name).toBe(before.en!.product_name);
  });

  it('translates a rich-text description as HTML and stores it sanitized (issue 46)', async () => {
    const { product_code: a, row_version } = (await rows("select product_code, row_version from app.products where company_code = 'SK01' order by product_code offset 5 limit 1"))[0]!;
    await ok(admin, 'product_list', 'set', { product_code: a, row_version, description: { en: '<p>Solid <strong>oak</strong></p>' } });
    fake.reset();
    // An engine answering with a script: what is stored is sanitized all the same.
    fake.answer((r: FakeRequest) => {
      const b = r.body as Row;
      return { json: { data: { translations: (b.q as string[]).map((q) => ({ translatedText: `[${b.target}] ${q}<script>alert(1)</script>` })) } } };
    });
    await ok(admin, 'product_texts_translate', 'set', { product_codes: [a], from: 'en', overwrite: true });
    const stored = (await rows('select description from app.products where product_code = $1', [a]))[0]!.description as Record<string, string>;
    expect(stored.en).toBe('<p>Solid <strong>oak</strong></p>');
    for (const l of ['de', 'hu', 'sk', 'ro', 'cs', 'bg']) expect(stored[l]).toBe(`[${l}] <p>Solid <strong>oak</strong></p>`);
    const log = await rows(`select after from app.product_change_log where entity_name = 'product_list' and entity_key = $1::jsonb order by log_id desc limit 1`, [JSON.stringify([a])]);
    expect(Object.keys(log[0]!.after)).toEqual(['description']);
  });

  it('writes nothing when the engine fails, and refuses a missing product or a user without the right', async () => {
    const [a] = ((await ok(admin, 'product_list', 'list', { endRow: 1, sortModel: [{ colId: 'product_code', sort: 'desc' }] })).rows as Row[]).map((r) => r.product_code as string);
    const before = await texts(a!);
    const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});
    try {
      fake.answer(() => ({ status: 500 }));
      const failed = await s.action(admin, 'product_texts_translate', 'set', { product_codes: [a], from: 'en', overwrite: true });
      expect([failed.status, failed.body.error]).toEqual([502, 'engine_failed']);
    } finally {
      log.mockRestore();
    }
    expect(await texts(a!)).toEqual(before);
    expect((await s.action(admin, 'product_texts_translate', 'set', { product_codes: ['NO-SUCH'], from: 'en' })).status).toBe(404);
    expect((await s.action(warehouse, 'product_texts_translate', 'set', { product_codes: [a], from: 'en' })).status).toBe(403);
    expect((await s.action(admin, 'product_texts_translate', 'set', { product_codes: [], from: 'en' })).status).toBe(400);
    expect((await s.action(admin, 'product_texts_translate', 'set', { product_codes: [a], from: 'xx' })).status).toBe(400);
  });
});
