/**
 * Texts sort the way the request's language orders them (migration 028, core/query/
 * collation.ts), on both engines: Czech "ch" after "h" and Č after C, Hungarian Á among
 * the A's and "cs" after "c", German Ä with A and ß as ss, Bulgarian Cyrillic before Latin,
 * English case-insensitive (case only breaks ties); NULL last ascending and descending.
 * Keyset pages compare in the same collation: paging by `after` gives the same rows as the
 * whole list, none skipped or repeated. A looked-up text sorts in the collation too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERED } from '../collationCases.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

/** Products per language with no name in it: last both ways. */
const NAMELESS = 2;

describe.each(engines)("texts in the language's order on %s", (engine) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer(engine, { config: { demoProducts: 0 } });
    admin = (await s.login('admin@example.com')).token;
    for (const [lang, names] of Object.entries(ORDERED)) {
      // Inserted against the expected order (reversed; the keys, tie-breakers, too); the
      // nameless ones have a text in another language only.
      const all = [...names.map((n) => ({ [lang]: n })), ...Array.from({ length: NAMELESS }, () => ({ [lang === 'en' ? 'de' : 'en']: 'Aaa' }))].reverse();
      for (const [i, name] of all.entries()) {
        await s.db.query(`insert into app.products (product_code, company_code, product_name) values ($1, 'SK01', $2)`, [`KX-${lang}-${String(i).padStart(2, '0')}`, JSON.stringify(name)]);
      }
    }
  }, 120_000);
  afterAll(() => s?.close());

  const inLang = (lang: string) => ({ product_code: { filterType: 'text', type: 'startsWith', filter: `kx-${lang}-` } });
  const names = (rows: { product_name: Record<string, string> }[], lang: string) => rows.map((r) => r.product_name[lang] ?? null);
  const list = async (lang: string, sort: 'asc' | 'desc', window: Record<string, unknown> = {}) => {
    const r = await s.action(admin, 'product_list', 'list', { language: lang, sortModel: [{ colId: 'product_name', sort }], filterModel: inLang(lang), ...window });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.rows as { product_code: string; product_name: Record<string, string> }[];
  };
  const nulls = Array.from({ length: NAMELESS }, () => null);

  it.each(Object.keys(ORDERED))("sorts %s names in the language's order, NULL last both ways", async (lang) => {
    const want = ORDERED[lang]!;
    expect(names(await list(lang, 'asc'), lang)).toEqual([...want, ...nulls]);
    expect(names(await list(lang, 'desc'), lang)).toEqual([...[...want].reverse(), ...nulls]);
  });

  it.each(Object.keys(ORDERED))('pages %s names by keyset in the same order, both ways', async (lang) => {
    for (const sort of ['asc', 'desc'] as const) {
      const whole = await list(lang, sort);
      const paged: { product_code: string; product_name: Record<string, string> }[] = [];
      let after: unknown[] | undefined;
      for (let start = 0; start < whole.length; start += 2) {
        const page = await list(lang, sort, { startRow: start, endRow: start + 2, ...(after ? { after } : {}) });
        paged.push(...page);
        const last = page.at(-1)!;
        // The cursor as the grid sends it: the name in the language (NULL as null), then the key.
        after = [last.product_name[lang] ?? null, last.product_code];
      }
      expect(paged.map((r) => r.product_code)).toEqual(whole.map((r) => r.product_code));
      const want = sort === 'asc' ? ORDERED[lang]! : [...ORDERED[lang]!].reverse();
      expect(names(paged, lang)).toEqual([...want, ...nulls]);
    }
  });

  it("sorts a looked-up text (brand names) in the language's collation", async () => {
    const brands = ['Hradec', 'chalupa', 'Čajovna', 'Cibulka'];
    const nameOf = new Map<number, string>();
    for (const [i, b] of brands.entries()) {
      const id = (await s.db.query<{ brand_id: number }>('insert into app.brands (brand_name) values ($1) returning brand_id', [b])).rows[0]!.brand_id;
      nameOf.set(id, b);
      await s.db.query(`insert into app.products (product_code, company_code, product_name, brand_id) values ($1, 'SK01', '{}', $2)`, [`KB-${i}`, id]);
    }
    const r = await s.action(admin, 'product_list', 'list', {
      language: 'cs',
      sortModel: [{ colId: 'brand_id', sort: 'asc' }],
      filterModel: { product_code: { filterType: 'text', type: 'startsWith', filter: 'kb-' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rows.map((row: { brand_id: number }) => nameOf.get(row.brand_id))).toEqual(['Cibulka', 'Čajovna', 'Hradec', 'chalupa']);
  });
});
