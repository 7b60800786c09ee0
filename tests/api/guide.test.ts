/**
 * The staff guide route (src/server/http/guide.ts): GET /guide/{lang}/{page} renders a page of
 * docs/guide/ without sign-in, under a CSP that allows no script; its screenshots come from
 * /guide/img/{file}; a page, language or image nobody listed is 404 — never a file outside the
 * guide, however the path is written.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_LANGS, GUIDE_PAGES } from '../../src/core/guide.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

const md = (lang: string, page: string) => readFileSync(new URL(`../../docs/guide/${lang}/${page}.md`, import.meta.url), 'utf8');

describe.each(engines)('staff guide route (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('renders every page in both languages without sign-in, with its screenshots served', async () => {
    for (const lang of GUIDE_LANGS) {
      for (const page of ['index', ...GUIDE_PAGES]) {
        const res = await fetch(`${s.url}/guide/${lang}/${page}`);
        expect(res.status, `${lang}/${page}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toContain('script-src');
        const html = await res.text();
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(`<h1>${/^# (.+)$/m.exec(md(lang, page))![1]}</h1>`);
        expect(html).not.toContain('<script');
        for (const [, src] of html.matchAll(/<img src="\.\.\/img\/([^"]+)"/g)) {
          const img = await fetch(`${s.url}/guide/img/${src}`);
          expect(img.status, src).toBe(200);
          expect(img.headers.get('content-type')).toBe('image/png');
          expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(1000);
        }
      }
    }
    // Links between pages lead to the served pages.
    expect(await (await fetch(`${s.url}/guide/en/first-day`)).text()).toContain('<a href="sales">Sales</a>');
  });

  it('sends the help button to its area’s page, in the guide’s language for the UI language', async () => {
    const cases: [string, string][] = [
      ['/guide/help/de/sales', '/guide/de/sales'],
      ['/guide/help/hu/warehouse', '/guide/en/warehouse'],
      ['/guide/help/en/settings', '/guide/en/administration'],
      ['/guide/help/en', '/guide/en/first-day'],
      ['/guide/help/de/profile', '/guide/de/index'],
      ['/guide/help/en/..%2F..%2Fpackage', '/guide/en/index'],
    ];
    for (const [from, to] of cases) {
      const res = await fetch(`${s.url}${from}`, { redirect: 'manual' });
      expect(res.status, from).toBe(302);
      expect(new URL(res.headers.get('location')!, s.url).pathname, from).toBe(to);
    }
  });

  it('answers 404 for an unknown page, language or image', async () => {
    for (const path of ['/guide/en/nothing', '/guide/hu/sales', '/guide/xx/sales', '/guide/en/Sales', '/guide/en/sales.md', '/guide/img/none.png', '/guide/img/catalogue.gif']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('refuses paths that reach outside the guide', async () => {
    const outside = [
      '/guide/en/..%2F..%2F..%2Fpackage',
      '/guide/en/%2e%2e%2farchitecture',
      '/guide/..%2F..%2Fdocs/architecture',
      '/guide/en%2F..%2F..%2F..%2FREADME/x',
      '/guide/img/..%2F..%2F..%2Fpackage.json',
      '/guide/img/%2e%2e%2fen%2fsales.md',
      '/guide/img/..%5C..%5Cpackage.json',
    ];
    for (const path of outside) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toContain('"dependencies"');
      expect(body, path).not.toContain('# Architecture');
    }
  });
});
