import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('product search, relations and detail grids on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  /** Two SK01 products with names, and one of another company. */
  let a: { product_code: string; product_name: Record<string, string> };
  let b: { product_code: string; product_name: Record<string, string> };
  let foreign: string;

  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    const sk = await s.db.query<{ product_code: string; product_name: Record<string, string> }>(
      `select product_code, product_name from app.products p where company_code = 'SK01'
         and not exists (select 1 from app.product_accessories x where x.product_code = p.product_code)
       order by product_code limit 2`,
    );
    [a, b] = sk.rows as [typeof a, typeof b];
    foreign = (await s.db.query<{ c: string }>(`select product_code as c from app.products where company_code = 'CZ01' order by product_code limit 1`)).rows[0]!.c;
  });
  afterAll(() => s?.close());

  const list = (token: string, form: string, payload?: unknown, company?: string) => s.action(token, form, 'list', payload, company);

  describe('products_brief: a search lookup', () => {
    it('never answers more than 50 rows, but counts them all', async () => {
      const r = await list(admin, 'products_brief');
      expect(r.status).toBe(200);
      expect(r.body.data.rows).toHaveLength(50);
      const sk = (await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01'`)).rows[0]!.n;
      expect(r.body.data.total).toBe(sk);
      expect((await list(admin, 'products_brief', { startRow: 0, endRow: 51 })).status).toBe(400);
      const next = (await s.db.query<{ c: string }>(`select product_code as c from app.products where company_code = 'SK01' order by product_code offset 50 limit 50`)).rows;
      expect(next).toHaveLength(50);
      expect((await list(admin, 'products_brief', { startRow: 50, endRow: 100 })).body.data.rows.map((x: Row) => x.product_code)).toEqual(next.map((x) => x.c));
      expect((await list(admin, 'products_brief', { search: 'x', after: ['P000001'] })).status).toBe(400);
    });

    it('finds by part of the code, the exact code first', async () => {
      const r = await list(admin, 'products_brief', { search: a.product_code.toLowerCase() });
      expect(r.body.data.rows[0].product_code).toBe(a.product_code);
      const part = a.product_code.slice(2, 6);
      const rows: Row[] = (await list(admin, 'products_brief', { search: part })).body.data.rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(50);
      for (const row of rows) expect(row.product_code.toLowerCase().includes(part.toLowerCase()) || JSON.stringify(row.product_name).toLowerCase().includes(part.toLowerCase())).toBe(true);
    });

    it("finds by words of the name in the user's language (catalog works in German), in any order", async () => {
      // Products of the test's own, named with words no seeded name has: the search answers exactly
      // the one with every word in the language (not the one with one word, nor the other language's).
      await s.db.query(
        `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin) values
           ('SEARCH-DE', 'SK01', '{"de": "Quarzuhr mit Zylinderkopf", "en": "Quartz watch"}', 10, 20),
           ('SEARCH-ONE', 'SK01', '{"de": "Zylinderkopf allein", "en": "Cylinder head"}', 10, 20),
           ('SEARCH-EN', 'SK01', '{"de": "Armbanduhr", "en": "Zylinderkopf and quarzuhr"}', 10, 20)`,
      );
      const text = 'ZYLINDERKOPF QUARZUHR';
      const r = await list(catalog, 'products_brief', { search: text, endRow: 50 });
      expect(r.status).toBe(200);
      expect(r.body.data.rows.map((x: Row) => x.product_code)).toEqual(['SEARCH-DE']);
      expect(r.body.data.total).toBe(1);
      // The same words as English text find the product whose English name has them, not the German one.
      const en = await list(catalog, 'products_brief', { search: text, language: 'en' });
      expect(en.body.data.rows.map((x: Row) => x.product_code)).toEqual(['SEARCH-EN']);
    });

    it('stays within the company', async () => {
      expect((await list(admin, 'products_brief', { search: foreign }, 'SK01')).body.data.rows).toEqual([]);
      expect((await list(admin, 'products_brief', { search: foreign }, 'CZ01')).body.data.rows[0].product_code).toBe(foreign);
    });

    it('resolves the labels of given codes with a set filter on the key', async () => {
      const r = await list(admin, 'products_brief', { filterModel: { product_code: { filterType: 'set', values: [a.product_code, b.product_code, foreign] } } });
      expect(r.body.data.rows.map((x: Row) => x.product_code)).toEqual([a.product_code, b.product_code]);
      expect(r.body.data.rows[0].product_name).toEqual(a.product_name);
    });

    it('is read-only, for signed-in users only; other lookups take no search', async () => {
      expect((await s.post('/rpc/api_action', { entity: 'products_brief', action: 'list', payload: { search: 'a' } })).status).toBe(401);
      expect((await list(warehouse, 'products_brief', { search: 'a' })).status).toBe(200);
      expect((await s.action(admin, 'products_brief', 'set', { product_code: a.product_code, product_name: { en: 'x' } })).status).toBe(403);
      expect((await list(admin, 'countries_brief', { search: 'a' })).status).toBe(400);
      expect((await list(admin, 'products_brief', { search: 'a'.repeat(101) })).status).toBe(400);
    });
  });

  describe('accessories and alternatives', () => {
    it('lists the seeded pairs with both products of the company', async () => {
      const r = await list(admin, 'product_accessories', { endRow: 20 });
      expect(r.status).toBe(200);
      expect(r.body.data.rows.length).toBeGreaterThan(0);
      const codes = r.body.data.rows.flatMap((x: Row) => [x.product_code, x.accessory_code]);
      const companies = await s.db.query<{ c: string }>('select distinct company_code as c from app.products where product_code = any($1::text[])', [codes]);
      expect(companies.rows).toEqual([{ c: 'SK01' }]);
      const alt = await list(admin, 'product_alternatives', { endRow: 20 });
      expect(alt.body.data.rows.length).toBeGreaterThan(0);
      const first = alt.body.data.rows[0];
      const named = (await s.db.query<{ n: Record<string, string> }>('select product_name as n from app.products where product_code = $1', [first.alternative_code])).rows[0]!.n;
      expect(named.en).toBeTruthy();
      expect(first.alternative_name).toEqual(named);
    });

    it("adds, reorders and deletes an accessory; refuses itself, duplicates and other companies' products", async () => {
      const add = await s.action(catalog, 'product_accessories', 'add', { product_code: a.product_code, accessory_code: b.product_code, position: 3 });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.data.row).toMatchObject({ product_code: a.product_code, accessory_code: b.product_code, position: 3, accessory_name: b.product_name });
      expect((await s.action(catalog, 'product_accessories', 'add', { product_code: a.product_code, accessory_code: b.product_code })).status).toBe(409);
      expect((await s.action(catalog, 'product_accessories', 'add', { product_code: a.product_code, accessory_code: a.product_code })).status).toBe(400);
      const bad = await s.action(catalog, 'product_accessories', 'add', { product_code: a.product_code, accessory_code: foreign });
      expect(bad.status).toBe(400);
      expect(bad.body.message ?? JSON.stringify(bad.body)).toContain('accessory_code');
      expect((await s.action(admin, 'product_accessories', 'add', { product_code: foreign, accessory_code: a.product_code }, 'CZ01')).status).toBe(400);

      const mine = await s.action(catalog, 'product_accessories', 'filter', { product_code: a.product_code });
      expect(mine.body.data.rows.map((x: Row) => x.accessory_code)).toEqual([b.product_code]);
      const row = mine.body.data.rows[0];
      const set = await s.action(catalog, 'product_accessories', 'set', { product_code: row.product_code, accessory_code: row.accessory_code, row_version: row.row_version, position: 1 });
      expect(set.status).toBe(200);
      expect(set.body.data.row.position).toBe(1);
      expect((await s.action(catalog, 'product_accessories', 'set', { product_code: row.product_code, accessory_code: row.accessory_code, row_version: row.row_version, position: 2 })).status).toBe(
        409,
      );
      // Another company sees nothing of it.
      expect((await s.action(admin, 'product_accessories', 'filter', { product_code: a.product_code }, 'CZ01')).body.data.total).toBe(0);
      expect((await s.action(admin, 'product_accessories', 'delete', { keys: [{ product_code: a.product_code, accessory_code: b.product_code }] }, 'CZ01')).body.data).toMatchObject({ deleted: 0 });

      const log = await s.db.query<{ log_action: string; actor_user_id: number }>(
        `select log_action, actor_user_id from app.product_change_log where entity_name = 'product_accessories' and entity_key = $1::jsonb order by log_id`,
        [JSON.stringify([a.product_code, b.product_code])],
      );
      expect(log.rows.map((l) => l.log_action)).toEqual(['add', 'set']);
      // The catalogue role has no delete; the admin has.
      expect((await s.action(catalog, 'product_accessories', 'delete', { keys: [{ product_code: a.product_code, accessory_code: b.product_code }] })).status).toBe(403);
      expect((await s.action(admin, 'product_accessories', 'delete', { keys: [{ product_code: a.product_code, accessory_code: b.product_code }] })).body.data).toMatchObject({ deleted: 1 });
    });

    it('adds an alternative the same way; warehouse staff may not see either page', async () => {
      const add = await s.action(catalog, 'product_alternatives', 'add', { product_code: b.product_code, alternative_code: a.product_code });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.data.row.alternative_name).toEqual(a.product_name);
      expect((await s.action(catalog, 'product_alternatives', 'add', { product_code: b.product_code, alternative_code: 'NO-SUCH' })).status).toBe(400);
      for (const form of ['product_accessories', 'product_alternatives']) expect((await list(warehouse, form)).status).toBe(403);
    });

    it('puts both pages in the menu of admin and the catalogue manager', async () => {
      for (const token of [admin, catalog]) {
        const menu = JSON.stringify((await s.post('/rpc/user', {}, { token })).body.menu);
        expect(menu).toContain('/products/product_accessories');
        expect(menu).toContain('/products/product_alternatives');
      }
    });
  });

  describe('detail grids of product_list', () => {
    it("translations: a row per language in menu order; a row writes the product's text in that language", async () => {
      const rows: Row[] = (await s.action(catalog, 'product_translations', 'filter', { product_code: a.product_code })).body.data.rows;
      expect(rows.map((r) => r.language_code)).toEqual(['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg']);
      expect(rows[1]!.product_name).toBe(a.product_name.de);
      // The long description is rich text (the product's form): shown here as read, never written here.
      await s.db.query(`update app.products set description = '{"de": "<p>Lang und <b>ausführlich</b>.</p><p>Zweiter Absatz</p>"}', row_version = row_version + 1 where product_code = $1`, [
        a.product_code,
      ]);
      const de = ((await s.action(catalog, 'product_translations', 'filter', { product_code: a.product_code })).body.data.rows as Row[])[1]!;
      expect(de.description).toBe('Lang und ausführlich. Zweiter Absatz');
      const r = await s.action(catalog, 'product_translations', 'set', {
        product_code: a.product_code,
        language_code: 'de',
        row_version: de.row_version,
        product_name: 'Neuer Name',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.row).toMatchObject({ language_code: 'de', product_name: 'Neuer Name', description: 'Lang und ausführlich. Zweiter Absatz', row_version: de.row_version + 1 });
      const p = (await s.action(catalog, 'product_list', 'filter', { product_code: a.product_code })).body.data.rows[0];
      expect(p.product_name).toEqual({ ...a.product_name, de: 'Neuer Name' });
      expect(p.row_version).toBe(de.row_version + 1); // one version across the product's screens
      const stored = (await s.db.query<{ d: Record<string, string> }>('select description as d from app.products where product_code = $1', [a.product_code])).rows[0]!.d;
      expect(stored).toEqual({ de: '<p>Lang und <b>ausführlich</b>.</p><p>Zweiter Absatz</p>' });
      const written = await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'de', row_version: de.row_version + 1, description: 'Flach' });
      expect(written.status, JSON.stringify(written.body)).toBe(400);
      // Clearing a language removes it; the last name cannot go.
      let version = p.row_version;
      const clear = await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'bg', row_version: version, product_name: null });
      expect(clear.status).toBe(200);
      expect(clear.body.data.row.row_version).toBeGreaterThan(version);
      const names = (await s.db.query<{ n: Record<string, string> }>('select product_name as n from app.products where product_code = $1', [a.product_code])).rows[0]!.n;
      expect(names).not.toHaveProperty('bg');
      await s.db.query(`update app.products set product_name = '{"en": "Only one"}' where product_code = $1`, [a.product_code]);
      version = (await s.db.query<{ v: number }>('select row_version as v from app.products where product_code = $1', [a.product_code])).rows[0]!.v;
      expect((await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'en', row_version: version, product_name: '' })).status).toBe(400);
      expect(
        (await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'en', row_version: version, description: '<script>alert(1)</script>' })).status,
      ).toBe(400);
      expect((await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'en', row_version: version - 1, product_name: 'x' })).status).toBe(409);
      expect((await s.action(admin, 'product_translations', 'set', { product_code: a.product_code, language_code: 'en', row_version: version, product_name: 'x' }, 'CZ01')).status).toBe(404);
      expect((await s.action(catalog, 'product_translations', 'add', { product_code: a.product_code, language_code: 'fr' })).status).toBe(400);
      // Undo restores the product's text.
      const set = await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'en', row_version: version, product_name: 'Renamed' });
      const undo = await s.action(catalog, 'product_translations', 'undo', { log_ids: [set.body.data.log_id] });
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect((await s.db.query<{ n: string }>(`select product_name ->> 'en' as n from app.products where product_code = $1`, [a.product_code])).rows[0]!.n).toBe('Only one');
    });

    it("packing: the template's weights until the product has its own; a cleared weight falls back", async () => {
      const tpl = (await s.db.query<Row>('select t.* from app.products p join app.packing_templates t using (packing_template_id) where p.product_code = $1', [b.product_code])).rows[0]!;
      await s.db.query('update app.products set packing_metal = null, packing_wood = null, packing_plastic = null, packing_paper = null where product_code = $1', [b.product_code]);
      const row = (await s.action(catalog, 'product_packing', 'filter', { product_code: b.product_code })).body.data.rows[0];
      expect(row).toMatchObject({ packing_template_id: tpl.packing_template_id, packing_metal: tpl.metal, packing_wood: tpl.wood, own_packing: false });
      expect(row.packing_weight).toBeCloseTo(tpl.metal + tpl.wood + tpl.plastic + tpl.paper, 3);
      const own = await s.action(catalog, 'product_packing', 'set', { product_code: b.product_code, row_version: row.row_version, packing_paper: 1.25 });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.data.row).toMatchObject({ packing_paper: 1.25, packing_metal: tpl.metal, own_packing: true });
      expect(own.body.data.row.packing_weight).toBeCloseTo(tpl.metal + tpl.wood + tpl.plastic + 1.25, 3);
      const other = (await s.db.query<Row>('select * from app.packing_templates where packing_template_id <> $1 order by packing_template_id limit 1', [tpl.packing_template_id])).rows[0]!;
      const moved = await s.action(catalog, 'product_packing', 'set', {
        product_code: b.product_code,
        row_version: own.body.data.row.row_version,
        packing_template_id: other.packing_template_id,
        packing_paper: null,
      });
      expect(moved.body.data.row).toMatchObject({ packing_template_id: other.packing_template_id, packing_paper: other.paper, packing_wood: other.wood, own_packing: false });
      expect((await s.action(catalog, 'product_packing', 'set', { product_code: b.product_code, row_version: moved.body.data.row.row_version, packing_template_id: 9999 })).status).toBe(400);
      expect((await s.action(catalog, 'product_packing', 'set', { product_code: b.product_code, row_version: moved.body.data.row.row_version, packing_wood: -1 })).status).toBe(400);
      // Very large and very small products were seeded with weights of their own.
      expect((await s.db.query<{ n: number }>('select count(*)::int as n from app.v_product_packing where own_packing')).rows[0]!.n).toBeGreaterThan(0);
    });

    it('checklist: every item for every product; ticking stamps who and when, unticking clears it', async () => {
      const rows: Row[] = (await s.action(catalog, 'product_checklist', 'filter', { product_code: b.product_code })).body.data.rows;
      const items = (await s.db.query<{ item_code: string }>('select item_code from app.checklist_items where active order by position')).rows.map((r) => r.item_code);
      expect(rows.map((r) => r.item_code)).toEqual(items);
      const names = (await s.db.query<{ n: Record<string, string> }>('select item_names as n from app.checklist_items where item_code = $1', [rows[0]!.item_code])).rows[0]!.n;
      expect(names.de).toBeTruthy();
      expect(rows[0]!.item_names).toEqual(names);
      const item = rows.find((r) => !r.done) ?? rows[0]!;
      let version = item.row_version;
      if (item.done) {
        const off = await s.action(catalog, 'product_checklist', 'set', { product_code: b.product_code, item_code: item.item_code, row_version: version, done: false });
        version = off.body.data.row.row_version;
      }
      const on = await s.action(catalog, 'product_checklist', 'set', { product_code: b.product_code, item_code: item.item_code, row_version: version, done: true, note: 'Checked with the supplier' });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.data.row).toMatchObject({ done: true, done_by: 'Carl Catalog', note: 'Checked with the supplier', row_version: version + 1 });
      expect(Date.now() - Date.parse(on.body.data.row.done_at)).toBeLessThan(60_000);
      const undo = await s.action(catalog, 'product_checklist', 'undo', { log_ids: [on.body.data.log_id] });
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect(undo.body.data.rows[0]).toMatchObject({ done: false, done_by: null, done_at: null });
      expect(
        (await s.action(catalog, 'product_checklist', 'set', { product_code: b.product_code, item_code: item.item_code, row_version: undo.body.data.rows[0].row_version, note: 'x'.repeat(501) }))
          .status,
      ).toBe(400);
      expect((await s.action(catalog, 'product_checklist', 'set', { product_code: b.product_code, item_code: 'no_such_item', row_version: 1, done: true })).status).toBe(404);
      // Products being onboarded come with ticked items, stamped by a real user.
      const seeded = await s.db.query<{ n: number; users: number }>(
        'select count(*)::int as n, count(distinct done_by)::int as users from app.product_checklist where done and done_by is not null and done_at is not null',
      );
      expect(seeded.rows[0]!.n).toBeGreaterThan(0);
    });

    it("margins: the product's margin now and its targets", async () => {
      const r = await s.action(catalog, 'product_margins', 'filter', { product_code: b.product_code });
      expect(r.body.data.total).toBe(1);
      const m = r.body.data.rows[0];
      const set = await s.action(catalog, 'product_margins', 'set', { product_code: b.product_code, row_version: m.row_version, min_margin: 11, max_discount_limit_percent: 101 });
      expect(set.status).toBe(400);
      const ok = await s.action(catalog, 'product_margins', 'set', { product_code: b.product_code, row_version: m.row_version, min_margin: 11 });
      expect(ok.body.data.row.min_margin).toBe(11);
      expect((await s.action(catalog, 'frontend_product_margins', 'filter', { product_code: b.product_code })).body.data.rows[0].min_margin).toBe(11);
    });

    it("serve only the master page's users, each filtered by the product", async () => {
      for (const form of ['product_translations', 'product_packing', 'product_checklist', 'product_margins', 'product_accessories', 'product_alternatives']) {
        const r = await s.action(catalog, form, 'filter', { product_code: b.product_code });
        expect(r.status, form).toBe(200);
        // Exactly the product's rows of the relation (a filter that let others through would count more).
        const n = (await s.db.query<{ n: number }>(`select count(*)::int as n from ${screens.get(form)!.source.relation} where product_code = $1`, [b.product_code])).rows[0]!.n;
        expect(r.body.data.total, form).toBe(n);
        for (const row of r.body.data.rows) expect(row.product_code, form).toBe(b.product_code);
        expect((await s.action(warehouse, form, 'filter', { product_code: b.product_code })).status, form).toBe(403);
      }
    });
  });
});
