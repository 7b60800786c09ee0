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
import { menuPages } from '../../src/server/db/seed/menu.ts';

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
