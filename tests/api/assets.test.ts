import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCoding } from '../../src/server/http/assets.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The build's files from memory, compressed as the browser accepts (server/http/assets.ts):
 * the bytes a browser decodes are the file's, with the cache and type headers of a file
 * server; a name outside the build's is not found. Served the same on both engines (no
 * database in it): PGlite only.
 */
describe('the build’s files (/assets)', () => {
  let s: TestServer;
  // A chunk of code as the build writes it (several KiB, compressible), a small one, and a picture.
  const code = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i} `.repeat(4))};`).join('\n');
  const small = 'console.log(1);\n';
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251)]);
  beforeAll(async () => {
    const ui = mkdtempSync(join(tmpdir(), 'bo-ui-'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(ui, 'assets'));
    writeFileSync(join(ui, 'assets', 'screen-page-Ab12_cd.js'), code);
    writeFileSync(join(ui, 'assets', 'tiny-Zz9.js'), small);
    writeFileSync(join(ui, 'assets', 'logo-Q1w2e3r.png'), png);
    mkdirSync(join(ui, 'assets', 'navbench'));
    writeFileSync(join(ui, 'assets', 'navbench', 'page.html'), '<!doctype html><p>a page built beside the app</p>');
    writeFileSync(join(ui, 'secret.txt'), 'not an asset');
    s = await startTestServer('pglite', { uiDir: ui });
  });
  afterAll(() => s?.close());

  /** A raw request (no decoding on the way, unlike fetch): status, headers and the bytes as sent. */
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${s.url}${path}`, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends brotli or gzip as the browser accepts, and the decoded bytes are the file’s', async () => {
    const br = await get('/assets/screen-page-Ab12_cd.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(code.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(code);

    const gz = await get('/assets/screen-page-Ab12_cd.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(code);
    // Refused by q=0, brotli gives way to gzip.
    expect((await get('/assets/screen-page-Ab12_cd.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    // Nothing accepted (or identity only): the file as it is.
    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/screen-page-Ab12_cd.js', accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body.toString()).toBe(code);
    }
  });

  it('sends a small file and a picture as they are, with their types; HEAD without a body', async () => {
    const tiny = await get('/assets/tiny-Zz9.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(small);
    const pic = await get('/assets/logo-Q1w2e3r.png', 'br, gzip');
    expect(pic.headers['content-encoding']).toBeUndefined();
    expect(pic.headers['content-type']).toBe('image/png');
    expect(pic.body.equals(png)).toBe(true);
    const head = await get('/assets/screen-page-Ab12_cd.js', 'gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('serves a file of a folder under /assets (pages built beside the app: the navigation bench’s)', async () => {
    const r = await get('/assets/navbench/page.html', 'gzip');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body.toString()).toContain('a page built beside the app');
  });

  it('finds nothing outside the build’s file names', async () => {
    for (const path of [
      '/assets/missing-Aa1.js',
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/sub/screen-page-Ab12_cd.js',
      '/assets/.hidden',
      '/assets/navbench/../../secret.txt',
      '/assets/navbench/%2e%2e/%2e%2e/secret.txt',
      '/assets/navbench/',
      '/assets/',
    ]) {
      const r = await get(path, 'gzip');
      expect(r.status, path).toBe(404);
      expect(r.body.toString(), path).not.toContain('not an asset');
    }
  });
});

describe('chooseCoding', () => {
  it('takes brotli, then gzip, by what Accept-Encoding allows', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip')).toBe('gzip');
    expect(chooseCoding('BR;q=0.5, GZIP;q=1')).toBe('br');
    expect(chooseCoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*, br;q=0')).toBe('gzip');
    expect(chooseCoding('identity')).toBeNull();
    expect(chooseCoding('')).toBeNull();
    expect(chooseCoding(undefined)).toBeNull();
  });
});
