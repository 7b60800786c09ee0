/**
 * The menu rows every new database is seeded with and the reference sync adds (issue 45:
 * a built screen's entry lives in its descriptor, the other pages in seed/menu.ts). What the
 * rows say — code, parent, route, title key, icon, position, whether shown, area — must stay
 * exactly what the hand-written menu produced (tests/unit/fixtures/menu-rows.json, taken from it
 * before the entries moved): users' grants, bookmarks and the upgrade's natural keys hang on them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { catalogueText } from '../../src/server/transfer/catalogue.ts';
import { menuEntryProblems } from '../../codegen/menu.ts';
import { loadScreens } from '../../codegen/screens.ts';
import { parseScreen } from '../../schemas/screen.ts';
import { screenMenu } from '../../src/generated/menu.ts';
import { menuPages, menuRows } from '../../src/server/db/seed/menu.ts';

const snapshot = JSON.parse(readFileSync(new URL('fixtures/menu-rows.json', import.meta.url), 'utf8')) as Record<string, unknown>[];

describe('the menu rows', () => {
  it('are the snapshot’s, in its order (parents before children)', () => {
    const rows = menuPages.map(({ page_code, parent_page_code, url, title_key, icon, menu, position, area }) => ({ page_code, parent_page_code, url, title_key, icon, menu, position, area }));
    expect(rows).toEqual(snapshot);
  });

  it('carry their title key’s text in every language', () => {
    for (const p of menuPages) for (const lang of LANGS) expect(p.page_title[lang], `${p.page_code} ${lang}`).toBe(catalogueText(lang, p.title_key!));
  });
});

describe("a screen's menu entry (its descriptor's `menu`)", () => {
  const entry = (route: string, order: number) => ({ route, form: 'new_screen', icon: 'star', order });

  it('puts a new page under the area or page its route lies under, at its position, titled by its form', () => {
    const rows = menuRows([...screenMenu, entry('/sales/new_screen', 20), entry('/shops/2frontendPages/new_screen', 2)]);
    expect(rows.length).toBe(menuPages.length + 2);
    const added = rows.filter((r) => !menuPages.some((p) => p.page_code === r.page_code));
    expect(added.map(({ page_code, parent_page_code, url, title_key, position, area, menu }) => ({ page_code, parent_page_code, url, title_key, position, area, menu }))).toEqual([
      { page_code: 'sales.new_screen', parent_page_code: 'sales', url: '/sales/new_screen', title_key: 'screens.new_screen.title', position: 20, area: 'sales', menu: true },
      {
        page_code: 'shops.2frontendPages.new_screen',
        parent_page_code: 'shops.2frontendPages',
        url: '/shops/2frontendPages/new_screen',
        title_key: 'screens.new_screen.title',
        position: 2,
        area: 'shops',
        menu: true,
      },
    ]);
    // Parents before children: the sync inserts in this order, so 066's trigger grants a new page as its parent.
    rows.forEach(
      (r, i) =>
        r.parent_page_code === null ||
        expect(
          rows.findIndex((p) => p.page_code === r.parent_page_code),
          r.page_code,
        ).toBeLessThan(i),
    );
  });

  it('refuses a position its parent gives another entry, and a route under no area or page', () => {
    expect(() => menuRows([...screenMenu, entry('/sales/new_screen', 1)])).toThrow('menu: /sales/sales_orders and /sales/new_screen: expected positions of their own under /sales, got 1 for both');
    expect(() => menuRows([...screenMenu, entry('/settings/new_screen', 12)])).toThrow(
      'menu: /settings/new_screen and /settings/gojs: expected positions of their own under /settings, got 12 for both',
    );
    expect(() => menuRows([...screenMenu, entry('/nowhere/new_screen', 1), entry('/sales/none/new_screen', 1)])).toThrow(
      'menu: /nowhere/new_screen, /sales/none/new_screen: expected a route under an area of seed/menu.ts or another page, got none to lie under',
    );
  });

  it('is every routed screen’s (codegen stops on one without), and only a routed screen’s', async () => {
    expect(menuEntryProblems(await loadScreens())).toEqual([]);
    const source = { relation: 'app.t', key: 'id' };
    const columns = { id: { type: 'int' } };
    const page = parseScreen({ form: 'things', source, columns }, 'screens/stock/things.ts');
    expect(menuEntryProblems([{ file: 'screens/stock/things.ts', screen: page }])).toEqual([
      "screens/stock/things.ts: menu: expected the page's menu entry ({ icon, order }) for /stock/things, got none",
    ]);
    expect(() => parseScreen({ form: 'parts', page: '/stock/things', menu: { icon: 'star', order: 1 }, source, columns }, 'screens/stock/parts.ts')).toThrow(
      'screens/stock/parts.ts: menu: expected a routed screen (a sub-grid or lookup has no page of its own)',
    );
  });
});
