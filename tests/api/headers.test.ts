import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP, DOWNLOAD_CSP } from '../../src/server/http/csp.ts';
import { IMMUTABLE } from '../../src/server/http/app.ts';
import { SECURITY_HEADERS } from '../../src/server/http/middleware.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    // A UI build's page as vite writes it: the nonce placeholder, a module script, a stylesheet.
    const uiDir = mkdtempSync(join(tmpdir(), 'bo-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(join(uiDir, 'assets', 'index.js'), 'export {};');
    writeFileSync(
      join(uiDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta property="csp-nonce" nonce="CSP_NONCE" /><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    s = await startTestServer('pglite', { uiDir });
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

  it("let a browser keep the build's hashed files (/assets/…) for good; a missing one is not kept", async () => {
    const r = await s.get('/assets/index.js');
    expect(r.status).toBe(200);
    security(r.headers);
    expect(r.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    const gone = await fetch(`${s.url}/assets/gone-123.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).not.toBe(IMMUTABLE);
  });

  it("carry a strict CSP on the UI's pages, a sandbox on downloads and a nothing-to-load one on JSON", async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/en/products/product_list', '/xx/nope']) {
      const r = await fetch(`${s.url}${path}`, { headers: { accept: 'text/html' } });
      expect(r.status, path).toBe(path === '/xx/nope' ? 404 : 200);
      const csp = r.headers.get('content-security-policy') ?? '';
      const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(directives.get('script-src'), path).toEqual(["'self'"]); // no 'unsafe-inline', no 'unsafe-eval', no nonce
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe');
      // Inline <style> only with this response's nonce, which the page names for the app.
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(directives.get('style-src')!.join(' '))![1]!;
      expect(directives.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(await r.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length); // one per response

    // JSON: the list's prebuilt answer, a procedure's, an error's, the not-found's.
    const jsons = [
      await s.action(token, 'product_list', 'list', { endRow: 2 }),
      await s.post('/rpc/user', {}, { token }),
      await s.post('/rpc/user', {}),
      await s.post('/rpc/nope', {}),
      await s.get('/rpc/nope'),
      await s.post('/api/gt', {}, { token }),
    ];
    for (const r of jsons) expect(r.headers.get('content-security-policy')).toBe(API_CSP);
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");

    // Downloads: an uploaded file served back (HTML in a .txt stays inert), an export.
    const product = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' limit 1`)).rows[0]!.product_code;
    const form = new FormData();
    form.set('file', new Blob(['<script>alert(1)</script>']), 'page.txt');
    form.set('product_code', product);
    const up = await fetch(`${s.url}/api/files/product_files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(up.status).toBe(200);
    const back = await fetch(`${s.url}/api/files/product_files/${(await up.json()).data.row.file_id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-security-policy')).toBe(DOWNLOAD_CSP);
    expect(back.headers.get('content-disposition')).toMatch(/^attachment;/);
    const exported = await fetch(`${s.url}/api/export/product_list`, {
      method: 'POST',
      body: JSON.stringify({ format: 'csv', language: 'en', columns: [{ field: 'product_code', header: 'Code' }] }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-security-policy')).toBe(DOWNLOAD_CSP);
    expect(DOWNLOAD_CSP).toBe("default-src 'none'; sandbox");
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
