/**
 * The staff guide (docs/guide/, core/guide.ts): every screen's area has a guide page, and that
 * page exists in every guide language; every page of the whitelist exists in both languages and
 * no page lies there unlisted; every image a page shows exists in docs/guide/img/; the rendering
 * keeps no script.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { screenModules } from '../../src/generated/screens.ts';
import { screenRoutes, baseRoutes } from '../../src/generated/routeList.ts';
import { AREA_GUIDE, GUIDE_LANGS, GUIDE_PAGES, guideHref, guidePageOfPath, helpHref, isGuideArea } from '../../src/core/guide.ts';
import { GUIDE_FILES, renderGuide } from '../../src/server/http/guide.ts';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'guide');
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

describe('staff guide', () => {
  it('maps every screen descriptor’s area to a guide page', () => {
    const areas = new Set(Object.entries(screenModules).flatMap(([file, mod]) => parseScreen(mod.default, file).area ?? []));
    expect(areas.size).toBeGreaterThan(10);
    for (const area of areas) expect(isGuideArea(area), `area ${area} has no guide page in core/guide.ts AREA_GUIDE`).toBe(true);
  });

  it('gives every menu route and the home page a help page', () => {
    for (const { path } of screenRoutes.filter((r) => r.layout === 'main')) expect(guidePageOfPath(path), path).toBeDefined();
    expect(guidePageOfPath('/')).toBe('first-day');
    expect(guidePageOfPath('/sales/sales_orders')).toBe('sales');
    expect(guidePageOfPath('/settings/users')).toBe('administration');
    expect(baseRoutes.some((r) => r.path === '/profile')).toBe(true);
    expect(guidePageOfPath('/profile')).toBeUndefined();
  });

  it('has every page in both languages, and nothing besides them', () => {
    for (const page of Object.values(AREA_GUIDE)) expect(GUIDE_PAGES).toContain(page);
    for (const file of GUIDE_FILES) expect(existsSync(join(dir, file)), file).toBe(true);
    for (const lang of GUIDE_LANGS) {
      expect(readdirSync(join(dir, lang)).sort()).toEqual(
        GUIDE_FILES.filter((f) => f.startsWith(`${lang}/`))
          .map((f) => f.slice(3))
          .sort(),
      );
    }
  });

  it('shows only images that exist, the same ones in each language, and links only guide pages', () => {
    for (const page of ['index', ...GUIDE_PAGES]) {
      const images = GUIDE_LANGS.map((lang) => [...read(`${lang}/${page}.md`).matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!));
      expect(images[0], page).toEqual(images[1]);
      for (const src of images[0]!) {
        expect(src).toMatch(/^\.\.\/img\/[a-z0-9-]+\.(png|jpg)$/);
        expect(existsSync(join(dir, 'img', src.slice('../img/'.length))), `${page}: ${src}`).toBe(true);
      }
      for (const lang of GUIDE_LANGS) {
        for (const m of read(`${lang}/${page}.md`).matchAll(/(?<!!)\[[^\]]*\]\(([^)]+)\)/g)) {
          expect(GUIDE_PAGES as readonly string[], `${lang}/${page}: ${m[1]}`).toContain(m[1]!.replace(/\.md$/, ''));
        }
      }
    }
    // Every area page shows a screenshot of its area.
    for (const page of GUIDE_PAGES) expect(read(`en/${page}.md`), page).toMatch(/!\[[^\]]*\]\(\.\.\/img\//);
  });

  it('links the guide in the user’s language, English for the others', () => {
    expect(guideHref('de', 'sales')).toBe('/guide/de/sales');
    expect(guideHref('hu', 'sales')).toBe('/guide/en/sales');
    expect(helpHref('hu', '/sales/sales_orders')).toBe('/guide/help/hu/sales');
    expect(helpHref('de', '/')).toBe('/guide/help/de');
  });

  it('renders markdown without script and turns page links into the served pages', () => {
    const html = renderGuide('# T\n\n[Sales](sales.md) <script>alert(1)</script> <img src=x onerror="alert(1)">\n\n![a](../img/x.png)');
    expect(html).toContain('<a href="sales">Sales</a>');
    expect(html).toContain('<img src="../img/x.png" alt="a" />');
    expect(html).not.toMatch(/script|onerror/);
  });
});
