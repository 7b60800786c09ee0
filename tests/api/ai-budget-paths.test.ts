/**
 * The company's monthly budget of an engine (issue 42) on every engine call it pays for, not
 * only the proxies: Ask-AI (its query and its sidebar chat), AI product texts (`ai_generate`,
 * both chat engines), content drafts (`ai_draft`), the mail draft and the storefront's chat
 * (the shop's company). On both database engines, against the engine fake: with the budget
 * set to what the company has used, each path is refused — 429 `ai_budget_used_up` in the
 * back office, a neutral 503 to the shopper with no budget details — and the engine gets no
 * request; another company's paths go on, and the shop's calls count as its company's usage.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const completion = (content: unknown) => ({
  json: {
    model: 'fake-model',
    choices: [{ message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }],
    usage: { prompt_tokens: 40, completion_tokens: 10 },
  },
});

/** A shopper's question to the storefront chat of `host` (as the storefront tests send it: same origin, a visitor address). */
function askShop(base: string, host: string, visitor: string): Promise<{ status: number; text: string }> {
  const u = new URL(base);
  const body = new URLSearchParams({ q: 'Do you have a hammer?' }).toString();
  const headers = { host: u.host, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': visitor, 'content-type': 'application/x-www-form-urlencoded' };
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: `/storefront/${host}/ask`, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Each path's answer, told apart by its system message. */
function answer(r: FakeRequest) {
  const messages = (r.body as Json).messages as { role: string; content: string }[];
  const system = messages[0]!.content;
  const user = messages.at(-1)!.content;
  if (system.includes('product texts')) {
    const u = JSON.parse(user) as { languages: string[]; fields: string[] };
    return completion(Object.fromEntries(u.languages.map((l) => [l, Object.fromEntries(u.fields.map((f) => [f, `${f} in ${l}`]))])));
  }
  if (system.includes('page for a website')) {
    const u = JSON.parse(user) as { languages: string[] };
    return completion(Object.fromEntries(u.languages.map((l) => [l, `<p>Text in ${l}</p>`])));
  }
  if (system.includes('draft replies to e-mails')) return completion({ language: 'en', subject: 'Re: Budget', body: 'Thank you for your message.' });
  if (system.includes('shopping assistant')) return completion('We have it.');
  return completion({ sql: 'select count(*)::int as products from ai.products' });
}

describe.each(engines)('the monthly budget on every engine call (%s)', (dbEngine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  let emailId: number;
  const product: Record<string, string> = {};
  const recipe: Record<string, number> = {};
  const { one } = serverHelpers(() => s);
  const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(dbEngine, {
      env: {
        OPENAI_API_KEY: 'sk-openai-budget',
        OPENAI_BASE_URL: fake.url,
        DEEPSEEK_API_KEY: 'sk-deepseek-budget',
        DEEPSEEK_BASE_URL: fake.url,
        AI_RETRY_BASE_MS: '5',
        AI_RATE_PER_MINUTE: '1000',
        TRUST_PROXY: '1',
      },
    });
    admin = (await s.login('admin@example.com')).token;
    for (const company of ['SK01', 'HU01']) {
      product[company] = (await one('select product_code from app.products where company_code = $1 and active order by product_code limit 1', [company])).product_code;
      recipe[company] = (await one(`insert into app.recipes (company_code, title) values ($1, '{"en": "Goulash"}') returning recipe_id`, [company])).recipe_id;
    }
    // The mailbox is the server's (no company): a message to draft a reply to.
    emailId = Number(
      (
        await one(
          `insert into app.emails (mailbox, uidvalidity, uid, subject, sender, sender_address, date, body_text)
           values ('INBOX', 1, 900001, 'Budget', 'Emma <emma@example.test>', 'emma@example.test', now(), 'Hello, is it in stock?') returning email_id`,
        )
      ).email_id,
    );
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
    log.mockRestore();
  });

  /** Every back-office path that calls a chat engine, as the company's user calls it. */
  const paths: [string, (company: string) => Promise<{ status: number; body: Json }>][] = [
    ['Ask-AI', (company) => s.post('/ai/query', { question: 'How many products?', options: {} }, { token: admin, company })],
    ['ai_generate (OpenAI)', (company) => s.action(admin, 'ai_generate', 'set', { product_codes: [product[company]], fields: ['description_short'], languages: ['en'], engine: 'openai' }, company)],
    [
      'ai_generate (DeepSeek)',
      (company) => s.action(admin, 'ai_generate', 'set', { product_codes: [product[company]], fields: ['description_short'], languages: ['de'], engine: 'deepseek' }, company),
    ],
    ['ai_draft', (company) => s.action(admin, 'ai_draft', 'set', { form: 'recipes', ids: [recipe[company]], languages: ['en'] }, company)],
    ['email_draft', (company) => s.action(admin, 'email_draft', 'set', { email_id: emailId, instructions: '' }, company)],
  ];
  const ask = (host: string) => askShop(s.url, host, `198.51.100.${dbEngine === 'pglite' ? 7 : 8}`);

  /** The company's budget of both chat engines set to what it has used this month. */
  async function useUp(company: string): Promise<Record<string, number>> {
    const r = await s.db.query<{ engine: string; monthly_token_budget: number }>(
      `update app.chatgpt_settings c set monthly_token_budget = (
         select coalesce(sum(a.prompt_tokens + a.completion_tokens), 0)::int from app.ai_usage a
         where a.company_code = c.company_code and a.engine = c.engine and a.at >= date_trunc('month', now()))
       where c.company_code = $1 returning engine, monthly_token_budget`,
      [company],
    );
    expect(r.rows.map((x) => x.engine).sort()).toEqual(['deepseek', 'openai']);
    return Object.fromEntries(r.rows.map((x) => [x.engine, x.monthly_token_budget]));
  }

  it('refuses every path of the company whose budget is used up, without an engine call; another company goes on', async () => {
    // One call first, so the company has used something.
    fake.reset();
    fake.answer(answer);
    const first = await paths[0]![1]('SK01');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const budget = await useUp('SK01');
    expect(budget.openai).toBeGreaterThan(0);

    const proposals = async () => (await one(`select count(*)::int as n from app.ai_proposals where company_code = 'SK01'`)).n as number;
    const before = await proposals();
    fake.reset();
    const refused: Json[] = [];
    for (const [name, call] of paths) {
      const r = await call('SK01');
      refused.push([name, r.status, r.body.error, r.body.params?.unit]);
    }
    expect(refused).toEqual(paths.map(([name]) => [name, 429, 'ai_budget_used_up', 'tokens']));
    // The Ask-AI sidebar says the refusal as its reply.
    const chat = await s.post('/ai/chat', { question: 'How many products?' }, { token: admin, company: 'SK01' });
    expect(chat.status).toBe(200);
    expect(chat.body.messages.at(-1)).toMatchObject({ role: 'system', error: { code: 'ai_budget_used_up', status: 429 } });
    expect(fake.requests).toHaveLength(0);
    // Nothing was written for the refused calls.
    expect(await proposals()).toBe(before);
    expect((await one('select body from app.recipes where recipe_id = $1', [recipe.SK01])).body).toEqual({});

    // HU01 has its own budget: each path calls the engine.
    fake.answer(answer);
    const other: Json[] = [];
    for (const [name, call] of paths) other.push([name, (await call('HU01')).status]);
    expect(other).toEqual(paths.map(([name]) => [name, 200]));
    expect(fake.requests).toHaveLength(paths.length);
  });

  it('the storefront chat: the shop’s company pays; used up, the shopper gets a neutral answer and the engine no request', async () => {
    fake.reset();
    fake.answer(answer);
    const hu = await ask('shop-hu.example.com');
    expect(hu.status, hu.text).toBe(200);
    expect(JSON.parse(hu.text)).toMatchObject({ text: 'We have it.' });
    // The call is the shop's company's usage (no user).
    expect(await one(`select user_id, company_code, engine, prompt_tokens, completion_tokens, ok from app.ai_usage where operation = 'storefront_ask' order by usage_id desc limit 1`)).toEqual({
      user_id: null,
      company_code: 'HU01',
      engine: 'openai',
      prompt_tokens: 40,
      completion_tokens: 10,
      ok: true,
    });
    await useUp('HU01');
    fake.reset();
    const refused = await ask('shop-hu.example.com');
    // Not 429: the shop's chat says "too many questions" for that; this is its "no answer now" text.
    expect([refused.status, JSON.parse(refused.text)]).toEqual([503, { error: 'unavailable' }]);
    expect(refused.text).not.toMatch(/budget|token|OpenAI/i);
    expect(fake.requests).toHaveLength(0);
    // Another company's shop goes on (SK01's budget was set back).
    await s.db.query(`update app.chatgpt_settings set monthly_token_budget = 1000000 where company_code = 'SK01'`);
    fake.answer(answer);
    expect((await ask('shop-at.example.com')).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });
});
