import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/server/http/middleware.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The headers hono's secureHeaders sets, as the app used it before its own middleware. */
async function honoSecureHeaders(): Promise<[string, string][]> {
  const app = new Hono();
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false }));
  app.get('/', (c) => c.text('x'));
  const res = await app.request('/');
  return [...res.headers].filter(([k]) => k !== 'content-type');
}

const lower = (h: readonly (readonly [string, string])[]) => h.map(([k, v]) => [k.toLowerCase(), v]).sort();

describe('response headers and body limits', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer('pglite');
    token = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  const security = (h: Headers) => {
    for (const [k, v] of SECURITY_HEADERS) expect(h.get(k), k).toBe(v);
    expect(h.has('x-powered-by')).toBe(false);
  };

  it('are the very headers of hono secureHeaders', async () => {
    expect(lower(SECURITY_HEADERS)).toEqual(lower(await honoSecureHeaders()));
  });

  it('come with every answer of /rpc (no-store, JSON), success or error', async () => {
    for (const r of [
      await s.action(token, 'product_list', 'list', { endRow: 2 }),
      await s.post('/rpc/user', {}, { token }),
      await s.post('/rpc/user', {}),
      await s.post('/rpc/nope', {}),
      await s.post('/rpc/api_action', { entity: 'nope', action: 'list' }, { token }),
      await s.post('/rpc/login', undefined, { raw: '{not json' }),
    ]) {
      security(r.headers);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // A whole body, its length told up front (not streamed).
    const ok = await fetch(`${s.url}/rpc/api_action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ entity: 'product_list', action: 'list', payload: { endRow: 2 } }),
    });
    expect(ok.status).toBe(200);
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(Number(ok.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8')).data.rows).toHaveLength(2);
  });

  it('come with /api answers (no-store) and the pages (no no-store)', async () => {
    const gt = await s.post('/api/gt', {}, { token });
    security(gt.headers);
    expect(gt.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/', '/en/products/product_list', '/openapi.json', '/nope']) {
      const r = await s.get(path);
      security(r.headers);
      expect(r.headers.get('cache-control'), path).toBeNull();
    }
  });

  it('refuse a body over 5 MB with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(5 * 1024 * 1024), password: 'y' });
    const declared = await fetch(`${s.url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe('too_large');
    security(declared.headers);
    expect(declared.headers.get('cache-control')).toBe('no-store');
    const chunks = [big.slice(0, 3_000_000), big.slice(3_000_000)];
    const chunked = await fetch(`${s.url}/rpc/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(c) {
          const next = chunks.shift();
          if (next === undefined) c.close();
          else c.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error).toBe('too_large');
    const api = await fetch(`${s.url}/api/gt`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: big });
    expect(api.status).toBe(413);
    expect(api.headers.get('cache-control')).toBe('no-store');
    // Below the limit, streamed without a length, a body is read as usual.
    const small = await fetch(`${s.url}/rpc/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(JSON.stringify({ email: 'admin@example.com', password: 'demo-password' })));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(small.status).toBe(200);
  });
});
