/**
 * Machine translation through Google Translate (v2) and DeepL (v2) against a fake engine on
 * 127.0.0.1 (tests/fakes/engineFake.ts), on both database engines: the exact requests (the
 * key as Google's `key` parameter and in DeepL's `Authorization: DeepL-Auth-Key` header, the
 * bodies, one call per target language, batches, HTML kept and sanitized), retries on 429/5xx,
 * timeouts and malformed answers as translated errors with nothing written, the per-user rate
 * limit, usage rows per call, the company's engines (/settings/gtranslate) and its default —
 * and neither key in any answer or log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const GKEY = 'AIza-google-secret-key';
const DKEY = 'deepl-secret-key:fx';
const GOOGLE_PATH = '/language/translate/v2';

type Body = Record<string, Json>;
/** Google's answer: each `q` as "[target] q" (HTML kept as it came). */
const googleEcho = (r: FakeRequest) => {
  const b = r.body as Body;
  return { json: { data: { translations: (b.q as string[]).map((q) => ({ translatedText: `[${b.target}] ${q}` })) } } };
};
/** DeepL's answer: each text as "[TARGET] text". */
const deeplEcho = (r: FakeRequest) => {
  const b = r.body as Body;
  return { json: { translations: (b.text as string[]).map((t) => ({ detected_source_language: b.source_lang, text: `[${b.target_lang}] ${t}` })) } };
};
/** Requests in a stable order (the languages are asked at once). */
const byTarget = (rs: FakeRequest[]) => [...rs].sort((a, b) => JSON.stringify(a.body).localeCompare(JSON.stringify(b.body)));

describe.each(engines)('machine translation on %s', (dbEngine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  let logs: MockInstance[];
  const answers: string[] = [];

  const post = async (path: string, body: unknown, token: string, company?: string) => {
    const r = await s.post(path, body, { token, ...(company ? { company } : {}) });
    answers.push(JSON.stringify(r.body), JSON.stringify([...r.headers]));
    return r;
  };
  const usage = async () => (await s.db.query<Body>('select user_id, company_code, engine, operation, characters, ok from app.ai_usage where operation = $1 order by usage_id', ['translate'])).rows;
  const usageCount = async () => (await usage()).length;

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(dbEngine, {
      env: {
        GOOGLE_TRANSLATE_API_KEY: GKEY,
        GOOGLE_TRANSLATE_URL: `${fake.url}${GOOGLE_PATH}`,
        DEEPL_AUTH_KEY: DKEY,
        DEEPL_API_URL: `${fake.url}/v2`,
        AI_RETRY_BASE_MS: '5',
        TRANSLATE_TIMEOUT_MS: '1000',
      },
    });
    // The catalogue user translates here by a grant of its own on the translation engines' page (issue 42: the proxies' page right).
    await s.db.query(`insert into app.user_pages (user_id, page_code, can_list) select 2, page_code, true from app.backend_pages where url = '/settings/gtranslate'`);
    [admin, catalog, warehouse] = (await Promise.all(['admin', 'catalog', 'warehouse'].map(async (u) => (await s.login(`${u}@example.com`)).token))) as [string, string, string];
    logs = [...(['log', 'info', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m)), ...(['info', 'warn', 'error'] as const).map((m) => vi.spyOn(serverLog, m))];
  });
  afterAll(async () => {
    // Neither key in an answer (body or header) nor in a line the server logged.
    const logged = logs.flatMap((l) => l.mock.calls.map((c) => c.map(String).join(' ')));
    for (const text of [...answers, ...logged]) {
      expect(text).not.toContain(GKEY);
      expect(text).not.toContain(DKEY);
    }
    logs.forEach((l) => l.mockRestore());
    await s?.close();
    await fake?.close();
  });

  describe('Google Translate', () => {
    it('asks once per target language, the key as the `key` parameter, plain text and HTML apart, and answers in the request’s shape', async () => {
      fake.reset();
      fake.answer(googleEcho);
      const before = await usageCount();
      const text = { product_name: 'Claw hammer', short_description: '', description: '<p>A <b>strong</b> hammer</p>' };
      const r = await post('/api/gt', { text, from: 'en', to: ['de', 'hu'] }, catalog);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({
        de: { product_name: '[de] Claw hammer', short_description: '', description: '[de] <p>A <b>strong</b> hammer</p>' },
        hu: { product_name: '[hu] Claw hammer', short_description: '', description: '[hu] <p>A <b>strong</b> hammer</p>' },
      });
      const reqs = byTarget(fake.requests);
      expect(reqs).toHaveLength(4); // two languages × (plain, HTML); the empty text is not sent
      for (const q of reqs) {
        expect(q.method).toBe('POST');
        expect(q.path).toBe(GOOGLE_PATH);
        expect([...q.query]).toEqual([['key', GKEY]]);
        expect(q.headers.authorization).toBeUndefined();
        expect(q.headers['content-type']).toContain('application/json');
      }
      expect(reqs.map((q) => q.body)).toEqual([
        { q: ['<p>A <b>strong</b> hammer</p>'], source: 'en', target: 'de', format: 'html' },
        { q: ['<p>A <b>strong</b> hammer</p>'], source: 'en', target: 'hu', format: 'html' },
        { q: ['Claw hammer'], source: 'en', target: 'de', format: 'text' },
        { q: ['Claw hammer'], source: 'en', target: 'hu', format: 'text' },
      ]);
      // One usage row per engine call, with the characters it sent.
      const rows = (await usage()).slice(before);
      expect(rows).toHaveLength(4);
      expect(rows.every((u) => u.engine === 'google' && u.company_code === 'SK01' && u.ok === true && typeof u.user_id === 'number')).toBe(true);
      expect(rows.map((u) => u.characters).sort((a, b) => a - b)).toEqual([11, 11, 29, 29]);
    });

    it('answers a single string as a string, skips the source language, and sanitizes the HTML that comes back', async () => {
      fake.reset();
      fake.answer((r) => {
        const b = r.body as Body;
        return { json: { data: { translations: (b.q as string[]).map(() => ({ translatedText: `<p onclick="steal()">Hallo<script>alert(1)</script> <a href="javascript:x()">Welt</a></p>` })) } } };
      });
      const r = await post('/api/gt', { text: '<p>Hello <a href="https://example.com">world</a></p>', from: 'en', to: ['en', 'de'] }, catalog);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.en).toBe('<p>Hello <a href="https://example.com">world</a></p>');
      expect(r.body.de).toBe('<p>Hallo <a rel="noopener noreferrer">Welt</a></p>');
      expect(fake.requests.map((q) => (q.body as Body).target)).toEqual(['de']);
    });

    it('batches long texts (about 30,000 characters a call) and keeps their order', async () => {
      fake.reset();
      fake.answer(googleEcho);
      const long = (c: string) => c.repeat(20_000);
      const r = await post('/api/gt', { text: { a: long('a'), b: long('b'), c: 'short' }, from: 'en', to: ['de'] }, catalog);
      expect(r.status).toBe(200);
      expect(fake.requests.map((q) => (q.body as Body).q.map((x: string) => x.slice(0, 3)))).toEqual([['aaa'], ['bbb', 'sho']]);
      expect(r.body.de).toEqual({ a: `[de] ${long('a')}`, b: `[de] ${long('b')}`, c: '[de] short' });
    });

    it('retries 429 and 5xx with backoff, then answers', async () => {
      fake.reset();
      let n = 0;
      fake.answer((q) => (n++ === 0 ? { status: 429, headers: { 'retry-after': '0' } } : n === 2 ? { status: 503 } : googleEcho(q)));
      const r = await post('/api/gt', { text: 'Saw', from: 'en', to: ['sk'] }, catalog);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ sk: '[sk] Saw' });
      expect(fake.requests).toHaveLength(3);
    });
  });

  describe('DeepL', () => {
    it('sends DeepL’s wire format: the key in `Authorization: DeepL-Auth-Key`, its language codes, tag_handling for HTML', async () => {
      fake.reset();
      fake.answer(deeplEcho);
      const before = await usageCount();
      const r = await post('/api/deepl', { text: { product_name: 'Claw hammer', description: '<p>A <i>strong</i> hammer</p>' }, from: 'en', to: 'de' }, catalog);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ de: { product_name: '[DE] Claw hammer', description: '[DE] <p>A <i>strong</i> hammer</p>' } });
      const reqs = byTarget(fake.requests);
      expect(reqs.map((q) => [q.method, q.path, q.headers.authorization, [...q.query].length])).toEqual([
        ['POST', '/v2/translate', `DeepL-Auth-Key ${DKEY}`, 0],
        ['POST', '/v2/translate', `DeepL-Auth-Key ${DKEY}`, 0],
      ]);
      expect(reqs.map((q) => q.body)).toEqual([
        { text: ['<p>A <i>strong</i> hammer</p>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'html' },
        { text: ['Claw hammer'], source_lang: 'EN', target_lang: 'DE' },
      ]);
      const rows = (await usage()).slice(before);
      expect(rows.map((u) => [u.engine, u.characters, u.ok])).toEqual(
        expect.arrayContaining([
          ['deepl', 11, true],
          ['deepl', 29, true],
        ]),
      );
    });

    it('maps the languages (English as a target is EN-GB) and takes at most 50 texts a call', async () => {
      fake.reset();
      fake.answer(deeplEcho);
      const text = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, `Text ${i}`]));
      const r = await post('/api/deepl', { text, from: 'bg', to: 'en' }, catalog);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.body).toMatchObject({ source_lang: 'BG', target_lang: 'EN-GB' });
      expect((fake.requests[0]!.body as Body).text).toHaveLength(50);
      expect(r.body.en.f49).toBe('[EN-GB] Text 49');
      for (const [from, to, source, target] of [
        ['hu', 'sk', 'HU', 'SK'],
        ['ro', 'cs', 'RO', 'CS'],
      ]) {
        fake.reset();
        expect((await post('/api/deepl', { text: 'x', from, to }, catalog)).status).toBe(200);
        expect(fake.requests[0]!.body).toEqual({ text: ['x'], source_lang: source, target_lang: target });
      }
    });
  });

  describe('failures: a translated error, usage logged, nothing written', () => {
    const failing = async (path: string, body: unknown) => {
      const before = await usageCount();
      const r = await post(path, body, catalog);
      return { r, logged: (await usage()).slice(before) };
    };

    it('a timeout is engine_timeout (504)', async () => {
      fake.reset();
      fake.answer((q) => ({ ...googleEcho(q), delayMs: 2_000 }));
      const { r, logged } = await failing('/api/gt', { text: 'Slow', from: 'en', to: ['de'] });
      expect([r.status, r.body.error, r.body.params]).toEqual([504, 'engine_timeout', { engine: 'Google Translate', seconds: 1 }]);
      expect(logged.map((u) => [u.engine, u.characters, u.ok])).toEqual([['google', 4, false]]);
    });

    it('a malformed answer, or one with too few translations, is engine_bad_answer (502)', async () => {
      fake.reset();
      fake.answer(() => ({ text: '{"translations": [', headers: { 'content-type': 'application/json' } }));
      const bad = await failing('/api/deepl', { text: 'Broken', from: 'en', to: 'de' });
      expect([bad.r.status, bad.r.body.error, bad.r.body.params]).toEqual([502, 'engine_bad_answer', { engine: 'DeepL' }]);
      expect(bad.logged.map((u) => u.ok)).toEqual([false]);
      fake.answer(() => ({ json: { data: { translations: [] } } }));
      const few = await failing('/api/gt', { text: { a: 'One', b: 'Two' }, from: 'en', to: ['de'] });
      expect([few.r.status, few.r.body.error]).toEqual([502, 'engine_bad_answer']);
    });

    it('a 429 that lasts is engine_rate_limited (503); a 5xx that lasts is engine_failed (502) after three retries', async () => {
      fake.reset();
      fake.answer(() => ({ status: 429, json: { error: { message: `quota of ${GKEY}` } } }));
      const limited = await failing('/api/gt', { text: 'Busy', from: 'en', to: ['de'] });
      expect([limited.r.status, limited.r.body.error, limited.r.body.params]).toEqual([503, 'engine_rate_limited', { engine: 'Google Translate' }]);
      expect(fake.requests).toHaveLength(4);
      fake.reset();
      fake.answer(() => ({ status: 500, text: 'internal' }));
      const failed = await failing('/api/deepl', { text: 'Down', from: 'en', to: 'de' });
      expect([failed.r.status, failed.r.body.error, failed.r.body.params]).toEqual([502, 'engine_failed', { engine: 'DeepL', status: 500 }]);
      expect(fake.requests).toHaveLength(4);
      expect(failed.logged.map((u) => [u.engine, u.ok])).toEqual([['deepl', false]]);
    });

    it('one language failing fails the request: no partial answer, the product unchanged', async () => {
      fake.reset();
      fake.answer((q) => ((q.body as Body).target === 'bg' ? { status: 400, json: { error: { code: 400, message: 'Bad language pair' } } } : googleEcho(q)));
      const product = (await s.db.query<Body>(`select product_code, product_name, row_version from app.products where company_code = 'SK01' order by product_code limit 1`)).rows[0]!;
      const r = await post('/api/translate', { text: { product_name: product.product_name.en }, from: 'en', to: ['de', 'bg'] }, catalog);
      expect([r.status, r.body.error, r.body.params]).toEqual([502, 'engine_failed', { engine: 'Google Translate', status: 400 }]);
      expect(r.body.de).toBeUndefined();
      const after = (await s.db.query<Body>('select product_name, row_version from app.products where product_code = $1', [product.product_code])).rows[0]!;
      expect(after).toEqual({ product_name: product.product_name, row_version: product.row_version });
    });

    it('the user’s calls per minute are limited: 429 ai_rate_limited with Retry-After, the engine not asked', async () => {
      // A server of its own with a limit of two calls a minute (the window is kept per process, per user and engine).
      const limited = await startTestServer(dbEngine, {
        env: { GOOGLE_TRANSLATE_API_KEY: GKEY, GOOGLE_TRANSLATE_URL: `${fake.url}${GOOGLE_PATH}`, AI_RATE_PER_MINUTE: '2', AI_RETRY_BASE_MS: '5' },
      });
      try {
        const token = (await limited.login('admin@example.com')).token;
        fake.reset();
        fake.answer(googleEcho);
        const statuses: number[] = [];
        let refusal: Json;
        for (let i = 0; i < 3; i++) {
          const r = await limited.post('/api/gt', { text: `Nail ${i}`, from: 'en', to: ['de'] }, { token });
          answers.push(JSON.stringify(r.body));
          statuses.push(r.status);
          if (r.status === 429) refusal = r;
        }
        expect(statuses[2]).toBe(429);
        expect(fake.requests).toHaveLength(statuses.filter((x) => x === 200).length);
        expect(refusal.body.error).toBe('ai_rate_limited');
        expect(refusal.body.params.engine).toBe('Google Translate');
        expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    });
  });

  describe('the company’s engines (/settings/gtranslate)', () => {
    it('lists the session company’s engines: configured (never the key) and this month’s use', async () => {
      const r = await s.action(admin, 'gtranslate', 'list', { sortModel: [{ colId: 'engine', sort: 'asc' }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      answers.push(JSON.stringify(r.body));
      const rows: Body[] = r.body.data.rows;
      expect(rows.map((x) => [x.engine, x.enabled, x.is_default, x.configured])).toEqual([
        ['deepl', true, false, true],
        ['google', true, true, true],
      ]);
      const month = (await s.db.query<Body>(`select engine, sum(characters)::int as chars from app.ai_usage where company_code = 'SK01' and at >= date_trunc('month', now()) group by engine`)).rows;
      for (const row of rows) expect(row.month_characters).toBe(month.find((m) => m.engine === row.engine)?.chars ?? 0);
      expect(rows.find((x) => x.engine === 'google')!.month_characters).toBeGreaterThan(0);
      const hu = (await s.action(admin, 'gtranslate', 'list', {}, 'HU01')).body.data.rows as Body[];
      expect(hu.map((x) => x.translation_engine_id).some((id) => rows.some((x) => x.translation_engine_id === id))).toBe(false);
      expect(hu.find((x) => x.is_default)!.engine).toBe('deepl');
      // Settings are the administrator's page.
      expect((await s.action(warehouse, 'gtranslate', 'list', {})).status).toBe(403);
    });

    it('the translate action uses the company’s default engine; a disabled engine is refused', async () => {
      fake.reset();
      fake.answer((q) => (q.path === GOOGLE_PATH ? googleEcho(q) : deeplEcho(q)));
      const sk = await post('/api/translate', { text: 'Drill', from: 'en', to: ['de'] }, admin);
      expect(sk.body).toEqual({ de: '[de] Drill' });
      const hu = await post('/api/translate', { text: 'Drill', from: 'en', to: ['de'] }, admin, 'HU01');
      expect(hu.body).toEqual({ de: '[DE] Drill' });
      expect(fake.requests.map((q) => q.path)).toEqual([GOOGLE_PATH, '/v2/translate']);

      // CZ01 has DeepL switched off.
      const off = await post('/api/deepl', { text: 'Drill', from: 'en', to: 'de' }, admin, 'CZ01');
      expect([off.status, off.body.error, off.body.params]).toEqual([403, 'engine_disabled', { engine: 'DeepL' }]);
      expect(fake.requests).toHaveLength(2);
    });

    it('one default per company: marking DeepL takes the mark from Google; a disabled engine cannot be the default', async () => {
      const rows = async (): Promise<Body[]> => (await s.action(admin, 'gtranslate', 'list', { sortModel: [{ colId: 'engine', sort: 'asc' }] }, 'CZ01')).body.data.rows;
      const [deepl] = await rows();
      const refused = await s.action(admin, 'gtranslate', 'set', { translation_engine_id: deepl!.translation_engine_id, row_version: deepl!.row_version, is_default: true }, 'CZ01');
      expect([refused.status, refused.body.error, refused.body.params?.rule]).toEqual([400, 'rule_violated', 'translation_engine_default_enabled']);
      const set = await s.action(admin, 'gtranslate', 'set', { translation_engine_id: deepl!.translation_engine_id, row_version: deepl!.row_version, enabled: true, is_default: true }, 'CZ01');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const now = await rows();
      expect(now.map((x) => [x.engine, x.is_default])).toEqual([
        ['deepl', true],
        ['google', false],
      ]);
      fake.reset();
      fake.answer(deeplEcho);
      expect((await post('/api/translate', { text: 'Saw', from: 'en', to: ['cs'] }, admin, 'CZ01')).body).toEqual({ cs: '[CS] Saw' });
      // Every engine off: the action says so.
      for (const x of now)
        expect((await s.action(admin, 'gtranslate', 'set', { translation_engine_id: x.translation_engine_id, row_version: x.row_version, enabled: false, is_default: false }, 'CZ01')).status).toBe(
          200,
        );
      const none = await post('/api/translate', { text: 'Saw', from: 'en', to: ['cs'] }, admin, 'CZ01');
      expect([none.status, none.body.error]).toEqual([403, 'engine_disabled']);
    });
  });
});
