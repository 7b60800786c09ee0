/**
 * Issue 19 point 2: a delete names what goes with it (delete_preview), keeps the deleted row
 * and the rows its ON DELETE CASCADE keys took in the change log, and its undo puts them
 * all back as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import productList from '../../screens/products/product_list.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';
import { grantUserPage } from './grants.ts';

type Row = Record<string, Json>;

/** The tables a product's delete cascades into (the test's own view of the schema, checked against the engine). */
const DEPENDENT_SQL: Record<string, string> = {
  product_images: `select to_jsonb(t) as r from app.product_images t where product_code = $1 order by image_id`,
  product_videos: `select to_jsonb(t) as r from app.product_videos t where product_code = $1 order by video_id`,
  product_shops: `select to_jsonb(t) as r from app.shop_products t where product_code = $1 order by shop_id`,
  product_alternatives: `select to_jsonb(t) as r from app.product_alternatives t where $1 in (product_code, alternative_code) order by product_code, alternative_code`,
  product_accessories: `select to_jsonb(t) as r from app.product_accessories t where $1 in (product_code, accessory_code) order by product_code, accessory_code`,
  product_checklist: `select to_jsonb(t) as r from app.product_checklist t where product_code = $1 order by item_code`,
  product_files: `select to_jsonb(t) as r from app.product_files t where product_code = $1 order by file_id`,
  // Staff comments on the product (migration 103).
  product_comments: `select to_jsonb(t) as r from app.product_comments t where product_code = $1 order by comment_id`,
  // AI proposals of the product's texts (migration 064) go with it.
  ai_proposals: `select to_jsonb(t) as r from app.ai_proposals t where product_code = $1 order by proposal_id`,
};

describe.each(engines)('delete with what cascades, and its undo, on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;

  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
  });
  afterAll(() => s?.close());

  /** An SK01 product with images, a shop listing and alternatives (seeded), not yet used by a test. */
  const used = new Set<string>();
  async function productWithDependents(): Promise<string> {
    const r = await s.db.query<{ c: string }>(
      `select p.product_code as c from app.products p where p.company_code = 'SK01'
         and exists (select 1 from app.product_images i where i.product_code = p.product_code)
         and exists (select 1 from app.shop_products x where x.product_code = p.product_code)
         and exists (select 1 from app.product_alternatives a where p.product_code in (a.product_code, a.alternative_code))
       order by p.product_code limit 20`,
    );
    const code = r.rows.map((x) => x.c).find((c) => !used.has(c));
    if (!code) throw new Error('the seed has no product with images, shop listings and alternatives');
    used.add(code);
    return code;
  }
  async function snapshot(code: string) {
    const product = (await s.db.query<{ r: Row }>(`select to_jsonb(p) as r from app.products p where product_code = $1`, [code])).rows[0]?.r;
    const deps: Record<string, Row[]> = {};
    for (const [form, sql] of Object.entries(DEPENDENT_SQL)) deps[form] = (await s.db.query<{ r: Row }>(sql, [code])).rows.map((x) => x.r);
    return { product, deps };
  }
  const withoutVersion = (r: Row) => {
    const { row_version: _v, ...rest } = r;
    return rest;
  };

  it('delete_preview counts the rows that go with the selection per detail screen, and names the first rows', async () => {
    const code = await productWithDependents();
    const { product, deps } = await snapshot(code);
    const r = await s.action(admin, 'product_list', 'delete_preview', { keys: [code, 'NO-SUCH'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.count).toBe(1);
    expect(r.body.data.rows).toEqual([{ key: code, name: product!.product_name }]);
    const expected = Object.entries(deps)
      .filter(([, rows]) => rows.length)
      .map(([form, rows]) => ({ form, count: rows.length }));
    const byForm = (xs: { form: string; count: number }[]) => [...xs].sort((a, b) => a.form.localeCompare(b.form));
    expect(byForm(r.body.data.dependents)).toEqual(byForm(expected));
    // Named in the order of the screen's details; a table no detail shows (files) after them.
    const details: readonly string[] = productList.details ?? [];
    const rank = (form: string) => (details.includes(form) ? details.indexOf(form) : 1_000);
    const forms = r.body.data.dependents.map((d: { form: string }) => d.form);
    expect(forms).toEqual([...forms].sort((a, b) => rank(a) - rank(b)));
    // Nothing was deleted by asking.
    expect((await snapshot(code)).product).toEqual(product);

    // Several rows: counted together; a few named in the order asked.
    const more = await s.db.query<{ c: string }>(`select product_code as c from app.products where company_code = 'SK01' and product_code <> $1 order by product_code limit 4`, [code]);
    const keys = [...more.rows.map((x) => x.c), code];
    const several = await s.action(admin, 'product_list', 'delete_preview', { keys });
    expect(several.body.data.count).toBe(5);
    expect(several.body.data.rows.map((x: Row) => x.key)).toEqual(keys.slice(0, 3));
  });

  it("delete_preview has the delete's checks: permission, company, payload", async () => {
    const code = await productWithDependents();
    expect((await s.action(catalog, 'product_list', 'delete_preview', { keys: [code] })).status).toBe(403);
    expect((await s.action(warehouse, 'product_list', 'delete_preview', { keys: [code] })).status).toBe(403);
    const elsewhere = await s.action(admin, 'product_list', 'delete_preview', { keys: [code] }, 'HU01');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toEqual({ count: 0, rows: [], dependents: [] });
    expect((await s.action(admin, 'product_list', 'delete_preview', { keys: [] })).status).toBe(400);
    expect((await s.action(admin, 'low_stock', 'delete_preview', { keys: [code] })).status).toBe(400);
    expect((await s.action(admin, 'countries_brief', 'delete_preview', { keys: ['SK'] })).status).toBe(403);
  });

  it('a delete logs the row and every cascaded row; its undo puts all back with the same keys and values', async () => {
    const code = await productWithDependents();
    const before = await snapshot(code);
    const del = await s.action(admin, 'product_list', 'delete', { keys: [code] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.data.deleted).toBe(1);
    expect(del.body.data.log_ids).toHaveLength(1);
    const gone = await snapshot(code);
    expect(gone.product).toBeUndefined();
    for (const rows of Object.values(gone.deps)) expect(rows).toEqual([]);

    // The change log keeps the row as stored and what cascaded with it.
    const log = (
      await s.db.query<{ log_action: string; before: Row; deleted_rows: { table: string; depth: number; row: Row }[] }>(
        `select log_action, before, deleted_rows from app.product_change_log where log_id = $1`,
        [del.body.data.log_ids[0]],
      )
    ).rows[0]!;
    expect(log.log_action).toBe('delete');
    expect(log.before.product_code).toBe(code);
    expect(log.deleted_rows[0]).toEqual({ table: 'app.products', depth: 0, row: before.product });
    const kept = (table: string) => log.deleted_rows.filter((x) => x.table === table).map((x) => x.row);
    expect(kept('app.product_images')).toEqual(expect.arrayContaining(before.deps.product_images!));
    expect(kept('app.product_images')).toHaveLength(before.deps.product_images!.length);
    expect(kept('app.shop_products')).toHaveLength(before.deps.product_shops!.length);
    expect(kept('app.product_alternatives')).toHaveLength(before.deps.product_alternatives!.length);
    // The report shows the delete entry.
    const report = await s.action(admin, 'product_change_log', 'list', { filterModel: { entity_id: { filterType: 'text', type: 'equals', filter: code } } });
    expect(report.body.data.rows.map((x: Row) => x.log_action)).toContain('delete');

    const undo = await s.action(admin, 'product_list', 'undo', { log_ids: del.body.data.log_ids });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data.rows).toHaveLength(1);
    expect(undo.body.data.rows[0].product_code).toBe(code);
    expect(undo.body.data.log_ids).toHaveLength(1);
    const after = await snapshot(code);
    expect(withoutVersion(after.product!)).toEqual(withoutVersion(before.product!));
    expect(after.product!.row_version).toBe(before.product!.row_version + 1);
    for (const [form, rows] of Object.entries(before.deps)) {
      expect(after.deps[form]!.map(withoutVersion), form).toEqual(rows.map(withoutVersion));
    }
    expect(after.deps.product_images!.map((x) => x.row_version)).toEqual(before.deps.product_images!.map((x) => x.row_version + 1));
    // The undo is logged (an add), and the product's own history shows the delete and the restore.
    const undoLog = (await s.db.query<{ log_action: string; entity_id: string }>(`select log_action, entity_id from app.product_change_log where log_id = $1`, [undo.body.data.log_ids[0]])).rows[0];
    expect(undoLog).toEqual({ log_action: 'add', entity_id: code });
    const history = await s.action(admin, 'product_changes', 'filter', { product_code: code });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.rows.map((x: Row) => x.log_action).slice(0, 2)).toEqual(['add', 'delete']);
    // The restored product works as before: a set with the version the undo answered.
    const set = await s.action(admin, 'product_list', 'set', { product_code: code, row_version: undo.body.data.rows[0].row_version, min_margin: 7 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  });

  it('an undo of a delete is refused with 409 restore_conflict when the key was taken again, and restores nothing', async () => {
    const code = await productWithDependents();
    const del = await s.action(admin, 'product_list', 'delete', { keys: [code] });
    expect(del.status).toBe(200);
    const again = await s.action(admin, 'product_list', 'add', { product_code: code, product_name: { en: 'Someone else' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const undo = await s.action(admin, 'product_list', 'undo', { log_ids: del.body.data.log_ids });
    expect(undo.status).toBe(409);
    expect(undo.body.error).toBe('restore_conflict');
    const now = await snapshot(code);
    expect(now.product!.product_name).toEqual({ en: 'Someone else' });
    for (const rows of Object.values(now.deps)) expect(rows).toEqual([]);
    // Undoing the same delete twice: the second finds its key taken.
    const code2 = await productWithDependents();
    const del2 = await s.action(admin, 'product_list', 'delete', { keys: [code2] });
    expect((await s.action(admin, 'product_list', 'undo', { log_ids: del2.body.data.log_ids })).status).toBe(200);
    expect((await s.action(admin, 'product_list', 'undo', { log_ids: del2.body.data.log_ids })).body.error).toBe('restore_conflict');
  });

  it("an undo of a delete needs the delete permission, the user's own entry and its company", async () => {
    const code = await productWithDependents();
    await grantUserPage(s, 2, 'products.product_list', { can_list: true, can_set: true, can_delete: true });
    const del = await s.action(catalog, 'product_list', 'delete', { keys: [code] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await s.action(admin, 'product_list', 'undo', { log_ids: del.body.data.log_ids })).status).toBe(404); // not admin's
    await grantUserPage(s, 2, 'products.product_list', { can_delete: false });
    expect((await s.action(catalog, 'product_list', 'undo', { log_ids: del.body.data.log_ids })).status).toBe(403);
    expect((await s.action(warehouse, 'product_list', 'undo', { log_ids: del.body.data.log_ids })).status).toBe(403);
    await grantUserPage(s, 2, 'products.product_list', { can_delete: true });
    const undo = await s.action(catalog, 'product_list', 'undo', { log_ids: del.body.data.log_ids });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    // A batch mixing a delete and an edit is refused.
    const set = await s.action(catalog, 'product_list', 'set', { product_code: code, row_version: undo.body.data.rows[0].row_version, min_margin: 9 });
    const del2 = await s.action(catalog, 'product_list', 'delete', { keys: [code] });
    expect((await s.action(catalog, 'product_list', 'undo', { log_ids: [set.body.data.log_id, ...del2.body.data.log_ids] })).status).toBe(400);
    // Another company's delete is not undone from here.
    const other = await productWithDependents();
    const delSk = await s.action(admin, 'product_list', 'delete', { keys: [other] });
    expect((await s.action(admin, 'product_list', 'undo', { log_ids: delSk.body.data.log_ids }, 'HU01')).status).toBe(404);
    expect((await s.action(admin, 'product_list', 'undo', { log_ids: delSk.body.data.log_ids }, 'SK01')).status).toBe(200);
  });

  it('a category goes with its subtree and translations, products lose it; the undo puts back all of it, products pointing at it again', async () => {
    const add = async (names: Record<string, string>, parent: number | null) => {
      const r = await s.action(admin, 'categories', 'add', { product_category_names: names, parent_category_id: parent, position: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.row.product_category_id as number;
    };
    const top = await add({ en: `Delete top ${engine}`, de: `Oben ${engine}` }, null);
    const sub = await add({ en: `Delete sub ${engine}` }, top);
    const leaf = await add({ en: `Delete leaf ${engine}` }, sub);
    const ids = [top, sub, leaf];
    await s.db.query(`update app.category_translations set meta_title = 'Kept title' where product_category_id = $1 and language_code = 'de'`, [top]);
    const code = await productWithDependents();
    await s.db.query('update app.products set main_product_category_id = $1 where product_code = $2', [leaf, code]);
    const read = async () => ({
      cats: (await s.db.query<{ r: Row }>("select to_jsonb(c) - 'row_version' as r from app.product_categories c where product_category_id = any($1) order by 1", [ids])).rows.map((x) => x.r),
      texts: (
        await s.db.query<{ r: Row }>("select to_jsonb(t) - 'row_version' as r from app.category_translations t where product_category_id = any($1) order by product_category_id, language_code", [ids])
      ).rows.map((x) => x.r),
      product: (await s.db.query<{ c: number | null }>('select main_product_category_id as c from app.products where product_code = $1', [code])).rows[0]!.c,
    });
    const before = await read();
    expect(before.cats).toHaveLength(3);
    expect(before.texts.length).toBeGreaterThanOrEqual(4);

    const preview = await s.action(admin, 'categories', 'delete_preview', { keys: [top] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.dependents).toEqual([
      { form: 'categories', count: 2 },
      { form: 'category_translations', count: before.texts.length },
    ]);
    const del = await s.action(admin, 'categories', 'delete', { keys: [top] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await read()).toEqual({ cats: [], texts: [], product: null });

    const undo = await s.action(admin, 'categories', 'undo', { log_ids: del.body.data.log_ids });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await read()).toEqual(before);
  });

  it('a row still referenced by a key without cascade stays refused (in_use), and preview counts a generic cascade (brand → nothing)', async () => {
    const usedBrand = (await s.db.query<{ brand_id: number }>('select brand_id from app.products where brand_id is not null limit 1')).rows[0]!.brand_id;
    const preview = await s.action(admin, 'brands', 'delete_preview', { keys: [usedBrand] });
    expect(preview.status).toBe(200);
    expect(preview.body.data.count).toBe(1);
    expect(preview.body.data.dependents).toEqual([]);
    const r = await s.action(admin, 'brands', 'delete', { keys: [usedBrand] });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('in_use');
  });
});
