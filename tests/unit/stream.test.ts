/**
 * The chat replies' stream reader (src/app/api/stream.ts): events handed over in order as
 * they arrive, an `error` event thrown as ApiError, and an expired access token (401)
 * refreshed once through the API client's auth hook and the request sent again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const sse = (...events: string[]) => new Response(events.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
type Stream = typeof import('../../src/app/api/stream.ts');
type Client = typeof import('../../src/app/api/client.ts');
let postStream: Stream['postStream'];
let client: Client;

beforeAll(async () => {
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('location', { host: 'localhost:3000' });
  ({ postStream } = await import('../../src/app/api/stream.ts'));
  client = await import('../../src/app/api/client.ts');
});
afterAll(() => vi.unstubAllGlobals());

describe('postStream', () => {
  it('hands over the events in order and throws an error event as ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse('event: delta\ndata: {"text":"Hal"}\n\n', 'event: delta\ndata: {"text":"lo"}\n\n', 'event: done\ndata: {"model":"m"}\n\n')),
    );
    const seen: [string, unknown][] = [];
    await postStream('/api/openai/get_reply', { content: 'x' }, (e, d) => seen.push([e, d]));
    expect(seen).toEqual([
      ['delta', { text: 'Hal' }],
      ['delta', { text: 'lo' }],
      ['done', { model: 'm' }],
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse('event: error\ndata: {"error":"engine_timeout","params":{"engine":"OpenAI","seconds":120}}\n\n')),
    );
    await expect(postStream('/api/openai/get_reply', {}, () => {})).rejects.toMatchObject({ code: 'engine_timeout', params: { engine: 'OpenAI', seconds: 120 } });
  });

  it('refreshes an expired token once and sends the request again; a second 401 is the failure', async () => {
    const refresh = vi.fn(async () => true);
    client.setAuthHooks({ refresh, logout: () => {}, adopt: async () => {} });
    const expired = () => new Response(JSON.stringify({ error: 'invalid_token', message: 'expired' }), { status: 401, headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn().mockResolvedValueOnce(expired()).mockResolvedValueOnce(sse('event: done\ndata: {}\n\n'));
    vi.stubGlobal('fetch', fetch);
    const events: string[] = [];
    await postStream('/api/openai/get_reply', {}, (e) => events.push(e));
    expect([refresh.mock.calls.length, fetch.mock.calls.length, events]).toEqual([1, 2, ['done']]);

    refresh.mockResolvedValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => expired()),
    );
    await expect(postStream('/api/openai/get_reply', {}, () => {})).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
  });
});
