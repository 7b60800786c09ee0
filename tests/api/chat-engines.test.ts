/**
 * The chat engines (issue 25) on both database engines, against an OpenAI-format fake on
 * 127.0.0.1 (tests/fakes/engineFake.ts) that records the exact requests: translate_text (one
 * call per target language, the company's translation prompt of the source language, the
 * reply's JSON checked: another shape or prose is engine_bad_answer), get_reply (spec §9
 * defaults, DeepSeek's temperature × 1.5 and no response_format), 429/5xx retried, the
 * timeout, a streamed reply relayed in order as it comes, usage rows, saved conversations,
 * the daily limit — and the keys never in an answer or a log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const OPENAI_KEY = 'sk-openai-secret-4711';
const DEEPSEEK_KEY = 'sk-deepseek-secret-0815';

const completion = (content: string, tokens = { prompt_tokens: 30, completion_tokens: 12 }) => ({
  json: { model: 'fake-model', choices: [{ message: { role: 'assistant', content } }], usage: tokens },
});
/** The target language the translate route asked for (its user message says `into "xx"`). */
const targetOf = (r: FakeRequest) => /into "([a-z]{2})"/.exec(((r.body as Json).messages[1].content as string) ?? '')![1]!;
const sse = (...events: unknown[]) => [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), 'data: [DONE]\n\n'];
const delta = (content: string) => ({ model: 'gpt-4o', choices: [{ index: 0, delta: { content } }] });

/** The events of a server-sent answer as they arrive, with when each came. */
async function readEvents(res: Response): Promise<{ event: string; data: Json; at: number }[]> {
  const out: { event: string; data: Json; at: number }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      out.push({ event, data: JSON.parse(data), at: Date.now() });
    }
  }
}

describe.each(engines)('chat engines (%s)', (engine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  const { rows, one } = serverHelpers(() => s);
  const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(engine, {
      env: {
        OPENAI_API_KEY: OPENAI_KEY,
        OPENAI_BASE_URL: fake.url,
        DEEPSEEK_API_KEY: DEEPSEEK_KEY,
        DEEPSEEK_BASE_URL: fake.url,
        AI_RETRY_BASE_MS: '5',
        AI_RATE_PER_MINUTE: '1000',
        AI_CHAT_TIMEOUT_MS: '1000',
      },
    });
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
    // No key in any log line of the whole suite.
    const logged = JSON.stringify(log.mock.calls);
    expect(logged).not.toContain(OPENAI_KEY);
    expect(logged).not.toContain(DEEPSEEK_KEY);
    log.mockRestore();
  });
  const noKeys = (body: unknown) => {
    expect(JSON.stringify(body)).not.toContain(OPENAI_KEY);
    expect(JSON.stringify(body)).not.toContain(DEEPSEEK_KEY);
  };

  it('translates with OpenAI: one call per target language, the company’s prompt of the source language, JSON keyed by language then field', async () => {
    fake.reset();
    fake.answer((r) => {
      const to = targetOf(r);
      return completion(JSON.stringify({ [to]: { product_name: `Schaufel-${to}`, description: `<p>Stahl-${to}</p>` } }));
    });
    const before = (await one("select count(*)::int as n from app.ai_usage where engine = 'openai' and operation = 'translate'")).n as number;
    const r = await s.post('/api/openai/translate_text', { text: { product_name: 'Shovel', description: '<p>Steel</p>' }, from: 'en', to: ['de', 'hu', 'en'], model: 'gpt-4o-mini' }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      content: { de: { product_name: 'Schaufel-de', description: '<p>Stahl-de</p>' }, hu: { product_name: 'Schaufel-hu', description: '<p>Stahl-hu</p>' } },
    });
    expect(fake.requests.length).toBe(2); // the source language is not translated into itself
    const prompt = (await one("select gpt_prompt from app.gpt_prompts where company_code = 'SK01' and project = 'gpt_translation_prompt' and language_code = 'en'")).gpt_prompt;
    for (const req of fake.requests) {
      expect(req.path).toBe('/chat/completions');
      expect(req.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      const body = req.body as Json;
      expect(body.model).toBe('gpt-4o-mini');
      expect(body.response_format).toEqual({ type: 'json_object' });
      expect(body.messages[0]).toEqual({ role: 'system', content: prompt });
      expect(body.messages[1].role).toBe('user');
      expect(body.messages[1].content).toContain(JSON.stringify({ en: { product_name: 'Shovel', description: '<p>Steel</p>' } }));
    }
    expect(fake.requests.map(targetOf).sort()).toEqual(['de', 'hu']);
    const after = await rows("select prompt_tokens, completion_tokens, ok, company_code from app.ai_usage where engine = 'openai' and operation = 'translate' order by usage_id");
    expect(after.length - before).toBe(2);
    expect(after.at(-1)).toEqual({ prompt_tokens: 30, completion_tokens: 12, ok: true, company_code: 'SK01' });
    noKeys(r.body);
  });

  it('translates with DeepSeek’s reasoner whatever model is asked, without response_format, with the request’s system prompt; a fenced JSON reply is read', async () => {
    fake.reset();
    fake.answer(() => completion('```json\n{"de": "Schaufel"}\n```'));
    const r = await s.post('/api/deepseek/translate_text', { text: 'Shovel', from: 'en', to: 'de', model: 'gpt-4o', system_prompt: 'Translate tersely.' }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ content: { de: 'Schaufel' } });
    const req = fake.requests[0]!;
    expect(req.headers.authorization).toBe(`Bearer ${DEEPSEEK_KEY}`);
    const body = req.body as Json;
    expect(body.model).toBe('deepseek-reasoner');
    expect(body).not.toHaveProperty('response_format');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Translate tersely.' });
  });

  it('says a reply that is not the JSON asked for as engine_bad_answer, for any language', async () => {
    for (const reply of ['Sure! Here is the translation: Schaufel', '{"fr": "Pelle"}', '{"de": {"product_name": "Schaufel"}}', '["de"]']) {
      fake.reset();
      fake.answer((r) => (targetOf(r) === 'hu' ? completion('{"hu": "Lapát"}') : completion(reply)));
      const r = await s.post('/api/openai/translate_text', { text: 'Shovel', from: 'en', to: ['hu', 'de'], model: 'gpt-4o' }, { token: admin });
      expect(r.status, reply).toBe(502);
      expect(r.body).toMatchObject({ error: 'engine_bad_answer', params: { engine: 'OpenAI' } });
      expect(JSON.stringify(r.body)).not.toContain('Lapát');
    }
    // The two languages are asked at once: the failed call's row is one of the last two, in either order.
    const last = await one("select array_agg(ok order by ok) as oks from (select ok from app.ai_usage where engine = 'openai' order by usage_id desc limit 2) t");
    expect(last.oks).toContain(false);
  });

  it('replies with OpenAI: spec §9 defaults from the company’s settings, response_format passed, saved as a conversation', async () => {
    fake.reset();
    fake.answer(() => completion('{"answer": 42}', { prompt_tokens: 7, completion_tokens: 3 }));
    const r = await s.post('/api/openai/get_reply', { content: 'The answer?', system_prompt: 'Be brief.', response_format: { type: 'json_object' }, save: true }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ content: '{"answer": 42}', model: 'fake-model', usage: { prompt_tokens: 7, completion_tokens: 3 } });
    expect(fake.requests[0]!.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'The answer?' },
      ],
      temperature: 0.5,
      top_p: 1,
      max_tokens: 500,
      response_format: { type: 'json_object' },
    });
    const chat = await one('select company_code, user_id, engine, model, title from app.gpt_chats where gpt_chat_id = $1', [r.body.gpt_chat_id]);
    expect(chat).toEqual({ company_code: 'SK01', user_id: 1, engine: 'openai', model: 'fake-model', title: 'The answer?' });
    const messages = await rows('select role, content from app.gpt_chat_messages where gpt_chat_id = $1 order by gpt_chat_message_id', [r.body.gpt_chat_id]);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    // The conversation is in the company's grid.
    const grid = await s.action(admin, 'gpt_chats', 'list', { startRow: 0, endRow: 50 });
    expect(grid.body.data.rows.some((x: Json) => x.gpt_chat_id === r.body.gpt_chat_id && x.message_count === 3 && x.tokens === 10)).toBe(true);
    // The request's own values win; a non-JSON reply under json_object is engine_bad_answer.
    fake.reset();
    fake.answer(() => completion('not json'));
    const bad = await s.post('/api/openai/get_reply', { content: 'x', temperature: 1.2, top_p: 0.9, max_tokens: 50, model: 'gpt-4.1', response_format: 'json_object' }, { token: admin });
    expect(bad.body).toMatchObject({ error: 'engine_bad_answer' });
    expect(fake.requests[0]!.body).toMatchObject({ model: 'gpt-4.1', temperature: 1.2, top_p: 0.9, max_tokens: 50 });
  });

  it('replies with DeepSeek: temperature × 1.5 (at most 2), no response_format, its own default model', async () => {
    fake.reset();
    fake.answer(() => completion('Hi'));
    expect((await s.post('/api/deepseek/get_reply', { content: 'Hello', temperature: 0.8 }, { token: admin })).status).toBe(200);
    expect((await s.post('/api/deepseek/get_reply', { content: 'Hello', temperature: 1.6, model: 'deepseek-reasoner' }, { token: admin })).status).toBe(200);
    const [a, b] = fake.requests.map((r) => r.body as Json);
    expect(a).toEqual({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'Hello' }], temperature: 1.2, top_p: 1, max_tokens: 500 });
    expect(b).toMatchObject({ model: 'deepseek-reasoner', temperature: 2 });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${DEEPSEEK_KEY}`);
    const refused = await s.post('/api/deepseek/get_reply', { content: 'Hello', response_format: { type: 'json_object' } }, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('response_format');
    expect((await s.post('/api/deepseek/get_reply', { content: 'Hello' })).status).toBe(401);
  });

  it('retries 429 and 5xx, then answers; a lasting 429 and a timeout are translated errors', async () => {
    fake.reset();
    fake.answerInTurn({ status: 429, headers: { 'retry-after': '0' } }, { status: 503 }, completion('ok'));
    const r = await s.post('/api/openai/get_reply', { content: 'x' }, { token: admin });
    expect(r.body.content).toBe('ok');
    expect(fake.requests.length).toBe(3);

    fake.reset();
    fake.answer(() => ({ status: 429, text: `limited ${OPENAI_KEY}` }));
    const limited = await s.post('/api/openai/translate_text', { text: 'x', from: 'en', to: 'de', model: 'gpt-4o' }, { token: admin });
    expect([limited.status, limited.body.error]).toEqual([503, 'engine_rate_limited']);
    noKeys(limited.body);

    fake.reset();
    fake.answer(() => ({ delayMs: 2500, ...completion('late') }));
    const late = await s.post('/api/openai/get_reply', { content: 'x' }, { token: admin });
    expect([late.status, late.body.error, late.body.params]).toEqual([504, 'engine_timeout', { engine: 'OpenAI', seconds: 1 }]);
  });

  it('relays a streamed reply as server-sent events, in order and as it comes, then saves it', async () => {
    fake.reset();
    const pieces = ['Dig', ' in', ':', ' spring', ' tools'];
    fake.answer(() => ({ chunks: [...sse(...pieces.map(delta), { model: 'gpt-4o', choices: [], usage: { prompt_tokens: 9, completion_tokens: 5 } })], chunkDelayMs: 120 }));
    const started = Date.now();
    const res = await fetch(`${s.url}/api/openai/get_reply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Name the sale', stream: true, save: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.map((e) => e.data.content)).toEqual(pieces);
    // The first piece came long before the last: relayed, not buffered.
    expect(deltas[0]!.at - started).toBeLessThan(deltas.at(-1)!.at - started - 300);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ model: 'gpt-4o', usage: { prompt_tokens: 9, completion_tokens: 5 } });
    const body = fake.requests[0]!.body as Json;
    expect(body).toMatchObject({ stream: true, stream_options: { include_usage: true }, model: 'gpt-4o' });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const saved = await rows('select role, content, completion_tokens from app.gpt_chat_messages where gpt_chat_id = $1 order by gpt_chat_message_id', [done.data.gpt_chat_id]);
    expect(saved).toEqual([
      { role: 'user', content: 'Name the sale', completion_tokens: 0 },
      { role: 'assistant', content: 'Dig in: spring tools', completion_tokens: 5 },
    ]);
    expect((await one("select prompt_tokens, completion_tokens, ok from app.ai_usage where operation = 'reply' order by usage_id desc limit 1")).completion_tokens).toBe(5);

    // A stream that breaks off ends with an error event; a refusal before it is an ordinary error answer.
    fake.reset();
    fake.answer(() => ({ chunks: [`data: ${JSON.stringify(delta('Half'))}\n\n`, 'data: {not json\n\n'] }));
    const broken = await fetch(`${s.url}/api/deepseek/get_reply`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: JSON.stringify({ content: 'x', stream: true }) });
    const bevents = await readEvents(broken);
    expect(bevents.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(bevents[1]!.data).toMatchObject({ error: 'engine_bad_answer', params: { engine: 'DeepSeek' } });
    fake.reset();
    fake.answer(() => ({ status: 401, json: { error: { message: `bad key ${DEEPSEEK_KEY}` } } }));
    const denied = await s.post('/api/deepseek/get_reply', { content: 'x', stream: true }, { token: admin });
    expect([denied.status, denied.body.error]).toEqual([502, 'engine_failed']);
    noKeys(denied.body);
  });

  it('uses what the screens keep: the company’s settings, its edited translation prompt; the prompt filters', async () => {
    const { ok } = serverHelpers(() => s);
    const settings = await ok(admin, 'chatgpt', 'list', { startRow: 0, endRow: 10 });
    const openai = settings.rows.find((r: Json) => r.engine === 'openai');
    expect(settings.rows.map((r: Json) => r.engine).sort()).toEqual(['deepseek', 'openai']);
    await ok(admin, 'chatgpt', 'set', { engine: 'openai', row_version: openai.row_version, temperature: 0.9, max_tokens: 120, default_model: 'gpt-4.1' });
    const bad = await s.action(admin, 'chatgpt', 'set', { engine: 'openai', row_version: openai.row_version + 1, temperature: 3 });
    expect(bad.status).toBe(400);
    fake.reset();
    fake.answer(() => completion('ok'));
    await s.post('/api/openai/get_reply', { content: 'x' }, { token: admin });
    expect(fake.requests[0]!.body).toMatchObject({ model: 'gpt-4.1', temperature: 0.9, max_tokens: 120, top_p: 1 });
    // Another company's settings are its own.
    const hu = await ok(admin, 'chatgpt', 'list', { startRow: 0, endRow: 10 }, 'HU01');
    expect(hu.rows.find((r: Json) => r.engine === 'openai')).toMatchObject({ default_model: 'gpt-4o', temperature: 0.3, daily_limit: 50 });
    await ok(admin, 'chatgpt', 'set', { engine: 'openai', row_version: openai.row_version + 1, temperature: 0.5, max_tokens: 500, default_model: 'gpt-4o' });

    const de = (await ok(admin, 'gpt_prompts', 'filter', { project: 'gpt_translation_prompt', language_code: 'de' })).rows[0];
    await ok(admin, 'prompts', 'set', { gpt_prompt_id: de.gpt_prompt_id, row_version: 1, gpt_prompt: 'Übersetze knapp.' });
    fake.reset();
    fake.answer(() => completion('{"en": "Shovel"}'));
    const r = await s.post('/api/openai/translate_text', { text: 'Schaufel', from: 'de', to: 'en', model: 'gpt-4o' }, { token: admin });
    expect(r.body).toEqual({ content: { en: 'Shovel' } });
    expect((fake.requests[0]!.body as Json).messages[0]).toEqual({ role: 'system', content: 'Übersetze knapp.' });
    // One translation prompt per source language.
    const twice = await s.action(admin, 'prompts', 'add', { title: 'Again', project: 'gpt_translation_prompt', language_code: 'de', gpt_prompt: 'x' });
    expect(twice.status).toBe(409);
    const projects = await ok(admin, 'project_prompts_brief', 'filter', { project: 'catalogue' });
    expect(projects.rows).toEqual([{ project: 'catalogue', prompt_count: 2 }]);
  });

  it('says which engines are configured (never the key) and keeps the daily limit', async () => {
    const e = await s.get('/api/chat/engines', { token: admin });
    expect(e.status).toBe(200);
    expect(e.body.openai).toMatchObject({ configured: true, env: 'OPENAI_API_KEY', default_model: 'gpt-4o' });
    expect(e.body.deepseek.models).toEqual(['deepseek-chat', 'deepseek-reasoner']);
    noKeys(e.body);

    fake.reset();
    fake.answer(() => completion('ok'));
    const used = (await one("select count(*)::int as n from app.ai_usage where user_id = 1 and engine = 'deepseek' and operation = 'reply' and ok and at >= date_trunc('day', now())")).n as number;
    await s.db.query("update app.chatgpt_settings set daily_limit = $1 where company_code = 'SK01' and engine = 'deepseek'", [used + 1]);
    expect((await s.post('/api/deepseek/get_reply', { content: 'one more' }, { token: admin })).status).toBe(200);
    const over = await s.post('/api/deepseek/get_reply', { content: 'and another' }, { token: admin });
    expect([over.status, over.body.error, over.body.params]).toEqual([429, 'ai_daily_limit', { engine: 'DeepSeek', limit: used + 1 }]);
    await s.db.query("update app.chatgpt_settings set daily_limit = 0 where company_code = 'SK01' and engine = 'deepseek'");
  });
});

describe.each(engines)('chat engines without keys (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => void (s = await startTestServer(engine)));
  afterAll(() => s?.close());
  it('answers not_configured naming the variable, and says so in /api/chat/engines', async () => {
    const { token } = await s.login('admin@example.com');
    const r = await s.post('/api/openai/get_reply', { content: 'x' }, { token });
    expect([r.status, r.body.error, r.body.params]).toEqual([503, 'not_configured', { engine: 'OpenAI', variable: 'OPENAI_API_KEY' }]);
    expect(r.body.message).toContain('OPENAI_API_KEY');
    const e = await s.get('/api/chat/engines', { token });
    expect([e.body.openai.configured, e.body.deepseek.configured]).toEqual([false, false]);
  });
});
