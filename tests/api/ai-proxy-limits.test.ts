/**
 * The AI and translation proxies under page rights and the company's limits (issue 42), on
 * both database engines, against the engine fake on 127.0.0.1: users without `list` on the
 * page a proxy belongs to (warehouse, catalogue) are refused before any engine call; a model
 * off the company's allow list is refused; max_tokens has a ceiling; the monthly budget is
 * finite by default, and once used up the proxy answers 429 without calling the engine; the
 * use is shown beside the budget on /settings/chatgpt and /settings/gtranslate.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AI_MAX_TOKENS, AI_SYSTEM_PROMPT_MAX, DEFAULT_MONTHLY_CHARACTERS, DEFAULT_MONTHLY_TOKENS } from '../../src/core/aiLimits.ts';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const completion = (content: string) => ({ json: { model: 'fake-model', choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 30, completion_tokens: 12 } } });
/** Google's answer: each `q` as "[target] q". */
const googleEcho = (r: FakeRequest) => {
  const b = r.body as Json;
  return { json: { data: { translations: (b.q as string[]).map((q) => ({ translatedText: `[${b.target}] ${q}` })) } } };
};
/** A chat engine's answer to either route: a translation's JSON (its user message names the target) or a reply. */
const chatEcho = (r: FakeRequest) => {
  const to = /into "([a-z]{2})"/.exec(((r.body as Json).messages.at(-1).content as string) ?? '')?.[1];
  return completion(to ? JSON.stringify({ [to]: 'Schaufel' }) : 'ok');
};

/** Every proxy with a body it would take. */
const PROXIES: [string, Json][] = [
  ['/api/openai/get_reply', { content: 'Hello' }],
  ['/api/deepseek/get_reply', { content: 'Hello' }],
  ['/api/openai/translate_text', { text: 'Shovel', from: 'en', to: 'de', model: 'gpt-4o' }],
  ['/api/deepseek/translate_text', { text: 'Shovel', from: 'en', to: 'de', model: 'deepseek-reasoner' }],
  ['/api/gt', { text: 'Shovel', from: 'en', to: ['de'] }],
  ['/api/deepl', { text: 'Shovel', from: 'en', to: 'de' }],
  ['/api/translate', { text: 'Shovel', from: 'en', to: ['de'] }],
];

describe.each(engines)('AI proxies under page rights and company limits (%s)', (dbEngine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  const { ok, one } = serverHelpers(() => s);
  const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(dbEngine, {
      env: {
        OPENAI_API_KEY: 'sk-openai-limits',
        OPENAI_BASE_URL: fake.url,
        DEEPSEEK_API_KEY: 'sk-deepseek-limits',
        DEEPSEEK_BASE_URL: fake.url,
        GOOGLE_TRANSLATE_API_KEY: 'google-limits',
        GOOGLE_TRANSLATE_URL: `${fake.url}/language/translate/v2`,
        DEEPL_AUTH_KEY: 'deepl-limits:fx',
        DEEPL_API_URL: `${fake.url}/v2`,
        AI_RETRY_BASE_MS: '5',
        AI_RATE_PER_MINUTE: '1000',
      },
    });
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
    log.mockRestore();
  });

  /** The company's chatgpt settings row of an engine, as the grid lists it. */
  const chatRow = async (engine: string, company = 'SK01'): Promise<Json> => (await ok(admin, 'chatgpt', 'list', { startRow: 0, endRow: 10 }, company)).rows.find((r: Json) => r.engine === engine);

  it('refuses warehouse and catalogue users every proxy (403), before any engine call; a page grant lets one in', async () => {
    fake.reset();
    fake.answer(chatEcho);
    for (const email of ['warehouse@example.com', 'catalog@example.com']) {
      const { token } = await s.login(email);
      for (const [path, body] of PROXIES) {
        const r = await s.post(path, body, { token });
        expect([path, email, r.status, r.body.error]).toEqual([path, email, 403, 'forbidden']);
      }
      const e = await s.get('/api/chat/engines', { token });
      expect([email, e.status]).toEqual([email, 403]);
    }
    expect(fake.requests).toHaveLength(0);
    // The right is the page's, not a role's: the catalogue user granted `list` on the twin page may ask for replies (and still not translate).
    const page = (await one(`select page_code from app.backend_pages where url = '/settings/chatgpt_twin'`)).page_code;
    await s.db.query('insert into app.user_pages (user_id, page_code, can_list) values (2, $1, true)', [page]);
    const { token } = await s.login('catalog@example.com');
    expect((await s.post('/api/openai/get_reply', { content: 'Hello' }, { token })).status).toBe(200);
    expect((await s.post('/api/gt', { text: 'x', from: 'en', to: ['de'] }, { token })).status).toBe(403);
    await s.db.query('delete from app.user_pages where user_id = 2 and page_code = $1', [page]);
  });

  it('refuses a model off the company’s allow list (403 ai_model_not_allowed) without calling the engine; an allowed one goes', async () => {
    fake.reset();
    fake.answer(chatEcho);
    const reply = await s.post('/api/openai/get_reply', { content: 'Hello', model: 'o1-pro' }, { token: admin });
    expect([reply.status, reply.body.error, reply.body.params]).toEqual([403, 'ai_model_not_allowed', { engine: 'OpenAI', model: 'o1-pro' }]);
    const translate = await s.post('/api/openai/translate_text', { text: 'Shovel', from: 'en', to: 'de', model: 'o1-pro' }, { token: admin });
    expect([translate.status, translate.body.error]).toEqual([403, 'ai_model_not_allowed']);
    expect(fake.requests).toHaveLength(0);
    // The list is the company's: HU01 allows o1-pro, SK01 still does not.
    const hu = await chatRow('openai', 'HU01');
    await ok(admin, 'chatgpt', 'set', { engine: 'openai', row_version: hu.row_version, models: 'gpt-4o, o1-pro' }, 'HU01');
    const allowed = await s.post('/api/openai/get_reply', { content: 'Hello', model: 'o1-pro' }, { token: admin, company: 'HU01' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((fake.requests[0]!.body as Json).model).toBe('o1-pro');
    expect((await s.post('/api/openai/get_reply', { content: 'Hello', model: 'o1-pro' }, { token: admin })).status).toBe(403);
    // What the twin page offers is that list.
    const e = await s.get('/api/chat/engines', { token: admin, company: 'HU01' });
    expect(e.body.openai.models).toEqual(['gpt-4o', 'o1-pro']);
  });

  it('caps max_tokens: over the server’s ceiling 400, over the company’s max_tokens 400 ai_max_tokens, both without an engine call', async () => {
    fake.reset();
    fake.answer(chatEcho);
    const huge = await s.post('/api/openai/get_reply', { content: 'Hello', max_tokens: 32_000 }, { token: admin });
    expect([huge.status, huge.body.error]).toEqual([400, 'bad_request']);
    expect(huge.body.message).toContain('max_tokens');
    const row = await chatRow('openai');
    expect(row.max_tokens).toBe(500);
    const over = await s.post('/api/deepseek/get_reply', { content: 'Hello', max_tokens: AI_MAX_TOKENS }, { token: admin });
    expect([over.status, over.body.error, over.body.params]).toEqual([400, 'ai_max_tokens', { engine: 'DeepSeek', max: 500 }]);
    expect(fake.requests).toHaveLength(0);
    const at = await s.post('/api/openai/get_reply', { content: 'Hello', max_tokens: 500 }, { token: admin });
    expect(at.status).toBe(200);
    expect((fake.requests[0]!.body as Json).max_tokens).toBe(500);
    // The setting itself stops at the ceiling.
    const set = await s.action(admin, 'chatgpt', 'set', { engine: 'openai', row_version: row.row_version, max_tokens: AI_MAX_TOKENS + 1 });
    expect(set.status).toBe(400);
    // A system prompt is the user's to bring, of a bounded length.
    const long = await s.post('/api/openai/get_reply', { content: 'Hello', system_prompt: 'x'.repeat(AI_SYSTEM_PROMPT_MAX + 1) }, { token: admin });
    expect([long.status, long.body.message]).toEqual([400, expect.stringContaining('system_prompt')]);
  });

  it('has a finite monthly budget by default; the use shows beside it; used up: 429 ai_budget_used_up and no engine call', async () => {
    // Defaults: every company's chat engines and translation engines (a company without a row gets the same).
    const budgets = await s.db.query<Json>('select engine, monthly_token_budget, daily_limit from app.chatgpt_settings where company_code = $1 order by engine', ['SK01']);
    expect(budgets.rows).toEqual([
      { engine: 'deepseek', monthly_token_budget: DEFAULT_MONTHLY_TOKENS, daily_limit: 200 },
      { engine: 'openai', monthly_token_budget: DEFAULT_MONTHLY_TOKENS, daily_limit: 200 },
    ]);
    expect(DEFAULT_MONTHLY_TOKENS).toBeGreaterThan(0);
    const gt = (await ok(admin, 'gtranslate', 'list', {})).rows as Json[];
    expect(gt.every((r) => r.monthly_character_budget === DEFAULT_MONTHLY_CHARACTERS)).toBe(true);

    // The use this month, as the grid and the twin page's engines say it.
    fake.reset();
    fake.answer(chatEcho);
    expect((await s.post('/api/deepseek/get_reply', { content: 'Count me' }, { token: admin })).status).toBe(200);
    const used = Number((await one(`select sum(prompt_tokens + completion_tokens) as n from app.ai_usage where company_code = 'SK01' and engine = 'deepseek' and at >= date_trunc('month', now())`)).n);
    expect(used).toBeGreaterThanOrEqual(42);
    const row = await chatRow('deepseek');
    expect(row).toMatchObject({ month_tokens: used, monthly_token_budget: DEFAULT_MONTHLY_TOKENS });
    const e = await s.get('/api/chat/engines', { token: admin });
    expect(e.body.deepseek).toMatchObject({ month_tokens: used, monthly_token_budget: DEFAULT_MONTHLY_TOKENS, max_tokens: 500 });

    // A budget one token over the use: one more call goes, then the budget is used up.
    await ok(admin, 'chatgpt', 'set', { engine: 'deepseek', row_version: row.row_version, monthly_token_budget: used + 1 });
    fake.reset();
    fake.answer(chatEcho);
    expect((await s.post('/api/deepseek/get_reply', { content: 'Last one' }, { token: admin })).status).toBe(200);
    for (const [path, body] of [
      ['/api/deepseek/get_reply', { content: 'One too many' }],
      ['/api/deepseek/get_reply', { content: 'One too many', stream: true }],
      ['/api/deepseek/translate_text', { text: 'Shovel', from: 'en', to: 'de', model: 'deepseek-reasoner' }],
    ] as [string, Json][]) {
      const r = await s.post(path, body, { token: admin });
      expect([path, r.status, r.body.error, r.body.params]).toEqual([path, 429, 'ai_budget_used_up', { engine: 'DeepSeek', budget: used + 1, unit: 'tokens' }]);
    }
    expect(fake.requests).toHaveLength(1);
    // Another engine and another company keep their own budgets.
    expect((await s.post('/api/openai/get_reply', { content: 'Still fine' }, { token: admin })).status).toBe(200);
    expect((await s.post('/api/deepseek/get_reply', { content: 'Still fine' }, { token: admin, company: 'HU01' })).status).toBe(200);

    // A translation engine: characters against its row's budget.
    const google = gt.find((r) => r.engine === 'google');
    const chars = Number((await one(`select coalesce(sum(characters), 0) as n from app.ai_usage where company_code = 'SK01' and engine = 'google' and at >= date_trunc('month', now())`)).n);
    await ok(admin, 'gtranslate', 'set', { translation_engine_id: google.translation_engine_id, row_version: google.row_version, monthly_character_budget: chars + 1 });
    fake.reset();
    fake.answer(googleEcho);
    expect((await s.post('/api/gt', { text: 'Shovel', from: 'en', to: ['de'] }, { token: admin })).status).toBe(200);
    const spent = await s.post('/api/gt', { text: 'Rake', from: 'en', to: ['de'] }, { token: admin });
    expect([spent.status, spent.body.error, spent.body.params]).toEqual([429, 'ai_budget_used_up', { engine: 'Google Translate', budget: chars + 1, unit: 'characters' }]);
    expect(fake.requests).toHaveLength(1);
    const after = ((await ok(admin, 'gtranslate', 'list', {})).rows as Json[]).find((r) => r.engine === 'google');
    expect(after.month_characters).toBe(chars + 6);
  });
});
