/**
 * Flags come from this server (issue 19 point 15): GET /flags/{code}.svg serves the
 * flag-icons SVGs, only codes the package has, cached long; init tells the browser where
 * flags come from — this server by default, the outside flag service of spec §3 when
 * FLAG_SERVICE_URL names one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { FLAG_MAX_AGE } from '../../src/server/http/flags.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

const pkg = dirname(createRequire(import.meta.url).resolve('flag-icons/package.json'));
const svg = (code: string) => readFileSync(join(pkg, 'flags', '4x3', `${code}.svg`), 'utf8');

describe.each(engines)('flags (%s)', (engine) => {
  let s: TestServer;
  let service: TestServer;
  beforeAll(async () => {
    [s, service] = await Promise.all([startTestServer(engine), startTestServer(engine, { config: { flagServiceUrl: 'https://flags.example.net/w20/{code}.png' } })]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await service?.close();
  });

  it('serves the SVG of a flag code, cached for a month with an ETag', async () => {
    for (const code of ['sk', 'gb', 'gb-eng', 'bg']) {
      const res = await fetch(`${s.url}/flags/${code}.svg`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${FLAG_MAX_AGE}`);
      expect(FLAG_MAX_AGE).toBeGreaterThanOrEqual(7 * 24 * 3600);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe(svg(code));
    }
    const first = await fetch(`${s.url}/flags/hu.svg`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${s.url}/flags/hu.svg`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for anything that is not a flag the package has', async () => {
    for (const path of ['/flags/qq.svg', '/flags/SK.svg', '/flags/sk.png', '/flags/sk', '/flags/..%2Fpackage.json', '/flags/%2e%2e%2fcountry.json', '/flags/sk.svg.svg']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it("tells the browser to take flags from this server by default (init's flags)", async () => {
    const r = await s.post('/rpc/init', {});
    expect(r.status).toBe(200);
    expect(r.body.data.flags).toBe('/flags/{code}.svg');
    const { token } = await s.login('admin@example.com');
    expect((await s.post('/rpc/init', {}, { token })).body.data.flags).toBe('/flags/{code}.svg');
  });

  it('hands out the flag service when FLAG_SERVICE_URL names one, and still serves its own', async () => {
    const r = await service.post('/rpc/init', { language_code: 'de' });
    expect(r.body.data.flags).toBe('https://flags.example.net/w20/{code}.png');
    expect((await fetch(`${service.url}/flags/de.svg`)).status).toBe(200);
  });
});

describe('FLAG_SERVICE_URL', () => {
  it('is absent by default, and must be an http(s) URL with a {code} placeholder', () => {
    expect(configFromEnv({}).flagServiceUrl).toBeUndefined();
    expect(configFromEnv({ FLAG_SERVICE_URL: ' ' }).flagServiceUrl).toBeUndefined();
    expect(configFromEnv({ FLAG_SERVICE_URL: 'https://flagcdn.com/w20/{code}.png' }).flagServiceUrl).toBe('https://flagcdn.com/w20/{code}.png');
    expect(() => configFromEnv({ FLAG_SERVICE_URL: 'https://flagcdn.com/w20/hu.png' })).toThrow(/\{code\} placeholder/);
    expect(() => configFromEnv({ FLAG_SERVICE_URL: 'javascript:alert(1)//{code}' })).toThrow(/FLAG_SERVICE_URL/);
  });
});
