import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

type Action = 'list' | 'filter' | 'add' | 'set' | 'delete';
const ACTIONS: Action[] = ['list', 'filter', 'add', 'set', 'delete'];
const USERS = ['admin', 'catalog', 'warehouse'] as const;
type User = (typeof USERS)[number];

/** Expected status per user × form × action (spec §6; demo grants of the platform issue). */
const expected: Record<User, Record<string, Record<Action, number>>> = {
  admin: {
    product_list: { list: 200, filter: 200, add: 200, set: 200, delete: 200 },
    brands: { list: 200, filter: 200, add: 200, set: 200, delete: 200 },
    vats: { list: 200, filter: 200, add: 200, set: 200, delete: 200 },
  },
  catalog: {
    product_list: { list: 200, filter: 200, add: 200, set: 200, delete: 403 },
    brands: { list: 200, filter: 200, add: 200, set: 200, delete: 403 },
    vats: { list: 403, filter: 403, add: 403, set: 403, delete: 403 },
  },
  warehouse: {
    product_list: { list: 403, filter: 403, add: 403, set: 403, delete: 403 },
    brands: { list: 403, filter: 403, add: 403, set: 403, delete: 403 },
    vats: { list: 403, filter: 403, add: 403, set: 403, delete: 403 },
  },
};

const LOOKUPS = ['countries_brief', 'product_brands_brief', 'vats_brief', 'product_manufacturers_brief', 'product_types_brief', 'product_categories_brief'];

describe.each(engines)('permission matrix on %s', (engine) => {
  let s: TestServer;
  const token: Partial<Record<User, string>> = {};
  let n = 0;

  beforeAll(async () => {
    s = await startTestServer(engine);
    for (const u of USERS) token[u] = (await s.login(`${u}@example.com`)).token;
  });
  afterAll(() => s?.close());

  /** A fresh row made by admin, so that set and delete have a target. */
  async function target(form: string): Promise<Record<string, unknown>> {
    const r = await s.action(token.admin!, form, 'add', addPayload(form));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.row;
  }
  function addPayload(form: string): Record<string, unknown> {
    n++;
    if (form === 'product_list') return { product_code: `PM-${engine}-${n}`, product_name: { en: `Matrix ${n}`, de: `Matrix ${n}` }, min_margin: 10 };
    if (form === 'brands') return { brand_name: `Matrix brand ${engine} ${n}` };
    return { vat_code: `M${n}`, vat_names: { en: `Matrix ${n}` }, vat_rate: 7 };
  }
  const keyOf: Record<string, string> = { product_list: 'product_code', brands: 'brand_id', vats: 'vat_id' };
  const editOf: Record<string, [string, () => unknown]> = {
    product_list: ['min_margin', () => 33],
    brands: ['brand_name', () => `Renamed ${engine} ${++n}`],
    vats: ['vat_rate', () => 9],
  };

  async function snapshot(form: string, key: unknown) {
    const table = { product_list: 'products', brands: 'brands', vats: 'vats' }[form]!;
    const r = await s.db.query(`select to_jsonb(t) as row from app.${table} t where ${keyOf[form]}::text = $1`, [String(key)]);
    const log = await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log');
    const total = await s.db.query<{ n: number }>(`select count(*)::int as n from app.${table}`);
    return { row: r.rows[0], log: log.rows[0]!.n, total: total.rows[0]!.n };
  }

  for (const user of USERS) {
    for (const form of Object.keys(expected[user])) {
      for (const action of ACTIONS) {
        const want = expected[user][form]![action];
        it(`${user} × ${form} × ${action} → ${want}`, async () => {
          const row = action === 'set' || action === 'delete' ? await target(form) : undefined;
          const key = row?.[keyOf[form]!];
          const payload =
            action === 'list'
              ? { startRow: 0, endRow: 10 }
              : action === 'filter'
                ? form === 'vats'
                  ? { vat_default: true }
                  : { active: true, endRow: 10 }
                : action === 'add'
                  ? addPayload(form)
                  : action === 'set'
                    ? { [keyOf[form]!]: key, row_version: row!.row_version, [editOf[form]![0]]: editOf[form]![1]() }
                    : { keys: [key] };
          const before = row ? await snapshot(form, key) : await snapshot(form, null);
          const r = await s.action(token[user]!, form, action, payload);
          expect(r.status, JSON.stringify(r.body)).toBe(want);
          if (want === 403) {
            expect(r.body.error).toBe('forbidden');
            expect(await snapshot(form, key ?? null)).toEqual(before); // nothing written, nothing logged
          } else if (action === 'list' || action === 'filter') {
            expect(r.body.data.rows.length).toBeGreaterThan(0);
            expect(r.body.data.total).toBeGreaterThanOrEqual(r.body.data.rows.length);
          } else if (action === 'delete') {
            expect(r.body.data).toMatchObject({ deleted: 1 });
          } else {
            expect(r.body.data.row).toBeTruthy();
          }
        });
      }
    }
  }

  it('lets every signed-in user list the lookups, and nobody write them', async () => {
    for (const user of USERS) {
      for (const form of LOOKUPS) {
        const r = await s.action(token[user]!, form, 'list');
        expect(r.status, `${user} ${form}`).toBe(200);
        expect(r.body.data.rows.length, `${user} ${form}`).toBeGreaterThan(0);
        expect((await s.action(token[user]!, form, 'delete', { keys: [1] })).status).toBe(403);
        expect((await s.action(token[user]!, form, 'set', { x: 1 })).status).toBe(403);
      }
    }
  });

  it('shows low_stock to warehouse (list only, own company) and not to catalog', async () => {
    const r = await s.action(token.warehouse!, 'low_stock', 'list', { endRow: 50 }, 'HU01');
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(0);
    for (const row of r.body.data.rows) expect(row.free_qty).toBeLessThanOrEqual(0);
    const owners = await s.db.query<{ company_code: string }>('select distinct company_code from app.products where product_code = any($1)', [
      r.body.data.rows.map((x: { product_code: string }) => x.product_code),
    ]);
    expect(owners.rows).toEqual([{ company_code: 'HU01' }]);
    expect((await s.action(token.warehouse!, 'low_stock', 'set', { product_code: 'P000001', keep_in_stock: 0 })).status).toBe(403);
    expect((await s.action(token.catalog!, 'low_stock', 'list')).status).toBe(403);
    expect((await s.action(token.admin!, 'low_stock', 'delete', { keys: ['P000001'] })).status).toBe(400);
  });

  it('answers every form of every page by the grants in the database: 403 without the flag, never a write', async () => {
    // Payloads that can never write: add/set name no column, delete names no key.
    const payload: Record<Action, unknown> = {
      list: { endRow: 1 },
      filter: { endRow: 1 },
      add: { no_such_column: 1 },
      set: { no_such_column: 1 },
      delete: {},
    };
    const flagOf: Record<Action, string> = { list: 'can_list', filter: 'can_list', add: 'can_add', set: 'can_set', delete: 'can_delete' };
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n;
    const wrong: string[] = [];
    let checked = 0;
    for (const user of USERS) {
      const grants = await s.db.query<{ url: string; can_list: boolean; can_add: boolean; can_set: boolean; can_delete: boolean }>(
        `select p.url, bool_or(g.can_list) as can_list, bool_or(g.can_add) as can_add, bool_or(g.can_set) as can_set, bool_or(g.can_delete) as can_delete
         from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code
         join app.users u on u.user_id = g.user_id where u.user_name = $1 group by p.url`,
        [user],
      );
      const byUrl = new Map(grants.rows.map((g) => [g.url, g] as const));
      for (const screen of screens.values()) {
        if (screen.access === 'authenticated' || !screen.pageUrl) continue;
        for (const action of ACTIONS) {
          const granted = (byUrl.get(screen.pageUrl) as Record<string, unknown> | undefined)?.[flagOf[action]] === true;
          const r = await s.action(token[user]!, screen.form, action, payload[action]);
          checked++;
          const ok = granted ? r.status === (action === 'list' || action === 'filter' ? 200 : 400) : r.status === 403;
          if (!ok) wrong.push(`${user} × ${screen.form} × ${action}: ${r.status} (granted: ${granted})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(3 * 40 * 5); // 40 page-bound forms today
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n).toBe(before);
  });

  it('keeps keep_in_stock behind the product_list set permission and the company', async () => {
    const code = (await target('product_list')).product_code;
    const ok = await s.action(token.catalog!, 'keep_in_stock', 'set', { product_code: code, keep_in_stock: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.keep_in_stock).toBe(2);
    expect((await s.action(token.warehouse!, 'keep_in_stock', 'set', { product_code: code, keep_in_stock: 1 })).status).toBe(403);
    expect((await s.action(token.catalog!, 'keep_in_stock', 'set', { product_code: code, keep_in_stock: 3 })).status).toBe(400);
    // A product of another company is not found from this one.
    const hu = await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' limit 1`);
    const other = await s.action(token.admin!, 'keep_in_stock', 'set', { product_code: hu.rows[0]!.product_code, keep_in_stock: 1 }, 'SK01');
    expect(other.status).toBe(404);
    const log = await s.db.query(`select * from app.product_change_log where entity_id = $1 and log_action = 'set'`, [code]);
    expect(log.rows.length).toBe(1);
  });
});
