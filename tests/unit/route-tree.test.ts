import { createMemoryHistory, createRouter, type AnyRoute, type LinkProps } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { checkMenuTitles } from '../../codegen/menuTitles.ts';
import { readCatalogues } from '../../codegen/locales.ts';
import { loadScreens } from '../../codegen/screens.ts';
import { breadcrumbs } from '../../src/core/breadcrumbs.ts';
import { LANGS } from '../../src/core/langs.ts';
import { routeTree } from '../../src/generated/routeTree.ts';
import { menuPages } from '../../src/server/db/seed/menu.ts';
import { knownPaths, routeTitle } from '../../src/app/router/routePaths.ts';
import { PRINT_DOCUMENT_KEYS, printRoute } from '../../src/core/printDocuments.ts';

const router = createRouter({ routeTree, history: createMemoryHistory() });
const byPath = router.routesByPath as Record<string, AnyRoute | undefined>;
const cats = readCatalogues();

describe('the generated route tree (src/generated/routeTree.ts)', () => {
  it('has every descriptor route under the language prefix, in its frame, titled from the catalogue in all seven languages', async () => {
    const routed = (await loadScreens()).map((s) => s.screen).filter((s) => s.route);
    expect(routed.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const s of routed) {
      const at = `/$lang${s.route}`;
      const route = byPath[at];
      if (!route) {
        problems.push(`${at}: no route`);
        continue;
      }
      if (route.parentRoute?.id !== `/$lang/${s.layout}`) problems.push(`${at}: in ${route.parentRoute?.id}, expected the ${s.layout} frame`);
      const title = route.options.staticData?.title;
      if (title !== `screens.${s.form}.title`) problems.push(`${at}: title ${title}`);
      for (const lang of LANGS) {
        // Every crumb (area, routes above, the page) has a text in the page's language.
        const crumbs = breadcrumbs(s.route!, (p) => routeTitle(router, p));
        const missing = crumbs.filter((c) => !cats[lang]![c.id]);
        if (missing.length) problems.push(`${lang}${s.route}: no ${lang} text for ${missing.map((c) => c.id).join(', ')}`);
        if (crumbs.at(-1)!.id !== title) problems.push(`${lang}${s.route}: the last crumb is not the title`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('types Link and navigate paths with the tree (router.tsx registers the router)', () => {
    // Checked by tsc: a literal `to` must be a path of the tree.
    const paths: LinkProps['to'][] = ['/$lang/products/brands', '/$lang/shops/2frontendPages/colDefs', '/$lang/ai-query', '/$lang/login'];
    // @ts-expect-error: no such route
    const wrong: LinkProps['to'] = '/$lang/products/no_such_page';
    for (const p of paths) expect(byPath[p!], p).toBeDefined();
    expect(byPath[wrong!]).toBeUndefined();
  });

  it('has the base routes under the prefix and nothing else', async () => {
    const routed = (await loadScreens()).flatMap((s) => (s.screen.route ? [s.screen.route] : []));
    const pages = ['/ai-query', '/settings/kanban', '/settings/gojs', '/settings/chatgpt_twin', '/profile', ...PRINT_DOCUMENT_KEYS.map(printRoute)];
    // The guest pages beside the login page: a reset link asked for, a mailed link's page.
    const guest = ['/login', '/forgot_password', '/set_password'];
    const expected = ['/', '/$lang', ...[...guest, ...pages, ...routed].map((p) => `/$lang${p}`)];
    expect(Object.keys(byPath).sort()).toEqual(expected.sort());
    expect(byPath['/$lang/ai-query']!.options.staticData?.title).toBe('ai.title');
    expect(byPath['/$lang/settings/kanban']!.options.staticData?.title).toBe('kanban.title');
    expect(byPath['/$lang/settings/gojs']!.options.staticData?.title).toBe('diagram.title');
    expect(byPath['/$lang/print/product_labels']!.options.staticData?.title).toBe('screens.product_labels.title');
    expect([...knownPaths(router)].sort()).toEqual(['/', ...guest, ...pages, ...routed].sort());
  });

  it('matches a path in each of the seven languages to its page, and no other prefix', () => {
    for (const lang of LANGS) {
      const matches = router.matchRoutes(`/${lang}/products/brands`, {});
      expect(matches.at(-1)?.routeId, lang).toBe('/$lang/main/products/brands');
      expect(matches.find((m) => m.routeId === '/$lang')?.params).toEqual({ lang });
    }
    // Another two letters match the pattern: the language route's check sends them to the not-found page (routeKinds.tsx `langRoute`).
    expect(router.matchRoutes('/xx/products/brands', {}).find((m) => m.routeId === '/$lang')?.params).toEqual({ lang: 'xx' });
  });

  it("titles the menu from the pages' own keys: one source (codegen stops on a page with texts of its own, or a key without a text)", () => {
    const screens = [{ form: 'vats', route: '/settings/vats' }] as Parameters<typeof checkMenuTitles>[0];
    expect(checkMenuTitles(screens, menuPages, cats)).toEqual([]);
    const vats = menuPages.find((p) => p.url === '/settings/vats')!;
    for (const l of LANGS) expect(vats.page_title[l]).toBe(cats[l]!['screens.vats.title']);
    // A page whose menu title is not its screen's own (a hand-kept page of seed/menu.ts: a descriptor's row is titled by its form).
    const moved = [{ form: 'vat_rates', route: '/settings/vats' }] as typeof screens;
    expect(checkMenuTitles(moved, menuPages, cats)).toEqual(["src/server/db/seed/menu.ts: /settings/vats: expected the title 'screens.vat_rates.title' (the page's own), got 'screens.vats.title'"]);
    const { ['screens.vats.title']: _gone, ...withoutVats } = cats.sk!;
    expect(checkMenuTitles(screens, menuPages, { ...cats, sk: withoutVats })).toEqual([
      "src/server/db/seed/menu.ts: /settings/vats: expected a text of 'screens.vats.title' in locales/sk.json, got none",
    ]);
  });
});
