/**
 * The home page's set-up checklist (issue 46 point 5, custom action setup_checklist) on a
 * database without demo data: every item starts not done, each set-up step done through the
 * API (the screens' own calls) ticks exactly its item, the facts are the session company's,
 * and a user sees only the items whose page she may list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password.ts';
import { COMPANY_SETTINGS, SETUP_KEYS, type SetupKey } from '../../src/core/setupChecklist.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

const ADMIN = {
  ADMIN_EMAIL: 'owner@shop.test',
  ADMIN_PASSWORD: 'a long enough secret',
  ADMIN_COMPANY: 'Muster GmbH',
  ADMIN_COMPANY_CODE: 'MUST',
  ADMIN_COMPANY_CURRENCY: 'EUR',
  ADMIN_COMPANY_COUNTRY: 'DE',
};
type Item = { key: SetupKey; done: boolean; page: string | null; missing: string[] };

describe.each(engines)('set-up checklist on an empty database on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { ...ADMIN, DEMO_DATA: '0' } });
    admin = (await s.login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).token;
  });
  afterAll(() => s?.close());

  const checklist = async (token: string, company?: string): Promise<Item[]> => {
    const r = await s.action(token, 'setup_checklist', 'list', {}, company);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.items;
  };
  const undone = async () => (await checklist(admin, 'MUST')).filter((i) => !i.done && i.key !== 'company').map((i) => i.key);
  const add = async (form: string, row: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const r = await s.action(admin, form, 'add', row, 'MUST');
    expect(r.status, `${form} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data.row ?? r.body.data;
  };
  /** A user of the company with her own list right on these pages only (and no role). */
  async function userWith(email: string, pages: string[], companies = ['MUST']): Promise<string> {
    const u = await s.db.query<{ user_id: number }>(`insert into app.users (user_email, user_name, password_hash) values ($1, 'u', $2) returning user_id`, [
      email,
      await hashPassword(ADMIN.ADMIN_PASSWORD),
    ]);
    const id = u.rows[0]!.user_id;
    for (const c of companies) await s.db.query('insert into app.user_companies (user_id, company_code) values ($1, $2)', [id, c]);
    await s.db.query(`insert into app.user_pages (user_id, page_code, can_list) select $1, page_code, true from app.backend_pages where url = any($2)`, [id, pages]);
    return (await s.login(email, ADMIN.ADMIN_PASSWORD)).token;
  }

  it('starts with every item the administrator may do, in order, each linking its page; only the company and rates are there already', async () => {
    const items = await checklist(admin);
    expect(items.map((i) => i.key)).toEqual(SETUP_KEYS);
    const by = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(by.vats).toEqual({ key: 'vats', done: false, page: '/settings/vats', missing: [] });
    expect(by.shop).toEqual({ key: 'shop', done: false, page: '/shops/frontend_shops', missing: [] });
    expect(by.product).toEqual({ key: 'product', done: false, page: '/products/product_list', missing: [] });
    // The first administrator's company has its rates (firstAdmin.ts), not its settings (address, VAT number …).
    expect(by.rates!.done).toBe(true);
    expect(by.company!.missing.every((k: string) => (COMPANY_SETTINGS as readonly string[]).includes(k))).toBe(true);
    expect(by.company!.done).toBe(by.company!.missing.length === 0);
    expect(await undone()).toEqual(['vats', 'shop', 'delivery', 'payment', 'category', 'product']);
  });

  it('ticks each item as its step is done through the screens’ calls, and names a shop currency without a rate', async () => {
    await add('vats', { vat_code: 'DE19', vat_names: { de: 'Normalsatz', en: 'Standard' }, vat_rate: 19, vat_default: true });
    expect(await undone()).toEqual(['shop', 'delivery', 'payment', 'category', 'product']);
    const shop = await add('frontend_shops', { shop_name: 'Muster Shop', hostname: 'shop.muster.test', currency_code: 'EUR', language_code: 'de' });
    expect(await undone()).toEqual(['delivery', 'payment', 'category', 'product']);

    // A second shop in forints, whose rate the company lacks: the rates item names HUF; a rate ticks it again.
    await add('frontend_shops', { shop_name: 'Muster HU', hostname: 'hu.muster.test', currency_code: 'HUF', language_code: 'hu' });
    await s.db.query(`delete from app.company_currency_rates where company_code = 'MUST' and currency_code = 'HUF'`);
    const rates = (await checklist(admin, 'MUST')).find((i) => i.key === 'rates')!;
    expect(rates).toMatchObject({ done: false, missing: ['HUF'] });
    await s.db.query(`insert into app.company_currency_rates (company_code, currency_code, rate) values ('MUST', 'HUF', 0.0025)`);
    expect((await checklist(admin, 'MUST')).find((i) => i.key === 'rates')!.done).toBe(true);

    const dm = await add('delivery_methods', { dm_code: 'dhl', dm_names: { de: 'DHL Paket' }, price: 4.9 });
    expect(await undone()).toContain('delivery'); // a method without a price for any country delivers nowhere
    await add('delivery_method_details', { dm_id: dm.dm_id, country_code: 'DE', weight_from: 0, price: 4.9 });
    expect(await undone()).toEqual(['payment', 'category', 'product']);
    const pm = await add('payment_methods', { pm_code: 'prepay', pm_names: { de: 'Vorkasse' }, fee: 0, prepayment: true });
    expect(await undone()).toContain('payment'); // offered in no shop yet
    await add('payment_method_shops', { pm_id: pm.pm_id, shop_id: shop.shop_id });
    expect(await undone()).toEqual(['category', 'product']);
    const category = await add('categories', { product_category_names: { de: 'Werkzeug' } });
    expect(await undone()).toEqual(['product']);
    await add('product_list', { product_code: 'HAMMER-1', product_name: { de: 'Hammer' }, main_product_category_id: category.product_category_id, selling_price_shop: 12 });
    expect(await undone()).toEqual(['product']); // a product in no shop is not for sale
    await add('product_shops', { shop_id: shop.shop_id, product_code: 'HAMMER-1' });
    expect(await undone()).toEqual([]);
  });

  it('reads the session company’s facts: another company of the administrator has none of them', async () => {
    await s.db.query(`insert into app.companies (company_code, company_name, currency_code, country_code) values ('ZWEI', 'Zweite GmbH', 'EUR', 'AT')`);
    const id = (await s.db.query<{ user_id: number }>('select user_id from app.users where user_email = $1', [ADMIN.ADMIN_EMAIL])).rows[0]!.user_id;
    await s.db.query(`insert into app.user_companies (user_id, company_code) values ($1, 'ZWEI') on conflict do nothing`, [id]);
    const token = (await s.login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).token;
    const other = await checklist(token, 'ZWEI');
    // Categories are shared by the companies (the tree has no company); the rest is the company's own.
    expect(other.filter((i) => !i.done && i.key !== 'company').map((i) => i.key)).toEqual(['vats', 'shop', 'delivery', 'payment', 'product']);
    expect(await undone()).toEqual([]);
  });

  it('shows a user only the items whose page she may list (and none to a user who may list none); without a company only the company', async () => {
    const catalog = await checklist(await userWith('catalog@shop.test', ['/products/product_list', '/products/categories']));
    expect(catalog.map((i) => i.key)).toEqual(['category', 'product']);
    expect(catalog.find((i) => i.key === 'product')).toMatchObject({ page: '/products/product_list', done: true });
    expect(await checklist(await userWith('nobody@shop.test', []))).toEqual([]);

    const homeless = await userWith('homeless@shop.test', ['/settings/vats', '/settings/companies'], []);
    // Her session starts (the header then shows no company to pick) and her home page asks only for the company.
    const start = await s.post('/rpc/bootstrap', { page: '/settings/vats', form: 'vats' }, { token: homeless });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect([start.body.data.user.company, start.body.data.user.companies, start.body.data.shops]).toEqual([null, [], []]);
    const items = await checklist(homeless);
    expect(items).toEqual([{ key: 'company', done: false, page: '/settings/companies', missing: ['company'] }]);
  });
});
