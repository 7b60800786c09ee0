/**
 * The engines' common HTTP path (src/server/ai/engineFetch.ts, chat.ts) against a fake on
 * 127.0.0.1: retries with backoff on 429/5xx then a translated error, a timeout, a malformed
 * answer, a reply that is not the JSON asked for — and the key only in the request header,
 * never in an error or a log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatComplete } from '../../src/server/ai/chat.ts';
import { engineFetch } from '../../src/server/ai/engineFetch.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const KEY = 'sk-test-secret-123';
let fake: EngineFake;
beforeAll(async () => void (fake = await startEngineFake()));
afterAll(() => fake.close());
const engine = () => ({ name: 'openai' as const, label: 'OpenAI', key: KEY, url: fake.url });
const completion = (content: string) => ({ json: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 12, completion_tokens: 5 } } });

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('engine calls', () => {
  it('sends the chat request in OpenAI’s wire format and reads the answer', async () => {
    fake.reset();
    fake.answer(() => completion('Hallo'));
    const a = await chatComplete(engine(), { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }], temperature: 0.5 }, { aiRetryBaseMs: 1 });
    expect(a).toEqual({ content: 'Hallo', model: 'gpt-4o', promptTokens: 12, completionTokens: 5 });
    const r = fake.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/chat/completions');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.body).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }], temperature: 0.5 });
  });

  it('retries 429 and 5xx with backoff (Retry-After honoured), then succeeds', async () => {
    fake.reset();
    fake.answerInTurn({ status: 429, headers: { 'retry-after': '0' } }, { status: 503 }, completion('ok'));
    const a = await chatComplete(engine(), { model: 'm', messages: [] }, { aiRetryBaseMs: 5 });
    expect(a.content).toBe('ok');
    expect(fake.requests.length).toBe(3);
  });

  it('says rate limiting, failures, timeouts and unreadable answers as translated codes, without the key', async () => {
    const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});
    try {
      fake.reset();
      fake.answer(() => ({ status: 429, text: `slow down ${KEY}` }));
      const limited = await failure(chatComplete(engine(), { model: 'm', messages: [] }, { aiRetryBaseMs: 1 }));
      expect([limited.status, limited.code, limited.params]).toEqual([503, 'engine_rate_limited', { engine: 'OpenAI' }]);
      expect(fake.requests.length).toBe(4); // the first try and three retries

      fake.answer(() => ({ status: 401, json: { error: { message: 'Incorrect API key' } } }));
      const denied = await failure(chatComplete(engine(), { model: 'm', messages: [] }, { aiRetryBaseMs: 1 }));
      expect([denied.status, denied.code, denied.params]).toEqual([502, 'engine_failed', { engine: 'OpenAI', status: 401 }]);

      fake.answer(() => ({ text: '{"choices": [' }));
      expect((await failure(chatComplete(engine(), { model: 'm', messages: [] }, { aiRetryBaseMs: 1 }))).code).toBe('engine_bad_answer');
      fake.answer(() => ({ json: { choices: [] } }));
      expect((await failure(chatComplete(engine(), { model: 'm', messages: [] }, { aiRetryBaseMs: 1 }))).code).toBe('engine_bad_answer');
      fake.answer(() => completion('not json at all'));
      const notJson = await failure(chatComplete(engine(), { model: 'm', messages: [], response_format: { type: 'json_object' } }, { aiRetryBaseMs: 1 }));
      expect(notJson.code).toBe('engine_bad_answer');

      fake.answer(() => ({ delayMs: 400, ...completion('late') }));
      const late = await failure(engineFetch(engine(), { path: '/chat/completions', headers: {}, body: {}, timeoutMs: 100, backoffMs: 1 }, (x) => x));
      expect([late.status, late.code]).toEqual([504, 'engine_timeout']);

      const down = { ...engine(), url: 'http://127.0.0.1:9' };
      const unreachable = await failure(engineFetch(down, { path: '/x', headers: {}, timeoutMs: 1000, backoffMs: 1, retries: 1 }, (x) => x));
      expect([unreachable.code, unreachable.params?.status]).toEqual(['engine_failed', 0]);

      for (const e of [limited, denied, notJson, late, unreachable]) expect(JSON.stringify([e.message, e.params])).not.toContain(KEY);
      expect(JSON.stringify(log.mock.calls)).not.toContain(KEY);
    } finally {
      log.mockRestore();
    }
  });
});
