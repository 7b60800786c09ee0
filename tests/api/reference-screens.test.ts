/**
 * Issue 46 point 3: reference data on screens of its own — companies (scoped to the companies
 * a user works in; whoever adds one works in it), currencies, countries, languages, product
 * types, checklist items, channels, cashflow types, a company's accounts (and a purchase
 * order's account) and the lookups the spec names. A delete of what is still in use is
 * refused naming what uses it, from the database's keys, in the user's language.
 */
import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeCode, say } from '../../src/app/api/said.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';
import { grantUserPage } from './grants.ts';

type Row = Record<string, Json>;

/** Opens a live-rows stream (`GET /api/live`) as `token` in `company`, collecting its `rows` events once it says it is ready. */
async function subscribe(s: TestServer, token: string, company: string): Promise<{ events: Json[]; close(): void }> {
  const ctl = new AbortController();
  const res = await fetch(`${s.url}/api/live`, { headers: { authorization: `Bearer ${token}`, 'x-company': company, accept: 'text/event-stream' }, signal: ctl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: Json[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    let buf = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      buf += value;
      let cut: number;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'ready') ready();
        if (event === 'rows' && data) events.push(JSON.parse(data));
      }
    }
  })();
  await isReady;
  return { events, close: () => ctl.abort() };
}

/** The refusal as a user of `lang` reads it (the browser's rule, api/said.ts). */
function said(lang: string, body: { error: string; params?: Record<string, string | number> }): string {
  const messages = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
  const intl = createIntl({ locale: lang, messages, onError: () => undefined });
  return say(intl, describeCode(body.error, body.params ?? {}, 409));
}

describe.each(engines)('reference-data screens on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;

  beforeAll(async () => {
    ({ s, admin, catalog } = await startSignedIn(engine));
  });
  afterAll(() => s?.close());

  const call = (token: string, form: string, action: string, payload?: unknown, company = 'SK01') => s.action(token, form, action, payload, company);
  const ok = async (token: string, form: string, action: string, payload?: unknown, company = 'SK01') => {
    const r = await call(token, form, action, payload, company);
    expect(r.status, `${form} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  const list = async (token: string, form: string, company = 'SK01'): Promise<Row[]> => (await ok(token, form, 'list', { startRow: 0, endRow: 1000 }, company)).rows;
  const userId = async (email: string) => (await s.db.query<{ user_id: number }>('select user_id from app.users where user_email = $1', [email])).rows[0]!.user_id;

  it('adds, edits and deletes shared reference data on each screen', async () => {
    const cases: [form: string, key: string, add: Row, set: Row][] = [
      ['currencies', 'currency_code', { currency_code: 'XTS', currency_name: { en: 'Test units' }, currency_precision: 2 }, { currency_precision: 3 }],
      ['countries', 'country_code', { country_code: 'XA', country_names: { en: 'Testland' } }, { country_names: { de: 'Testland (de)' } }],
      ['languages', 'language_code', { language_code: 'xt', iso_code: 'xt-XT', language_name: 'Testish', flag_code: 'xt' }, { active: true, position: 8 }],
      ['product_types', 'pt_id', { pt_code: 'test_type', pt_names: { en: 'Test type' } }, { pt_names: { hu: 'Teszt típus' } }],
      ['checklist_items', 'item_code', { item_code: 'test_item', item_names: { en: 'Test item' } }, { active: false }],
      ['channels', 'channel_code', { channel_code: 'test_channel', channel_names: { en: 'Test channel' } }, { position: 9 }],
      ['cashflow_types', 'type_code', { type_code: 'test_type', type_names: { en: 'Test (in)' }, direction: 'in' }, { direction: 'out' }],
    ];
    for (const [form, key, add, set] of cases) {
      const added = (await ok(admin, form, 'add', add)).row as Row;
      const id = added[key];
      expect(
        (await list(admin, form)).some((r) => r[key] === id),
        form,
      ).toBe(true);
      const changed = (await ok(admin, form, 'set', { rows: [{ [key]: id, row_version: added.row_version, ...set }] })).rows[0] as Row;
      for (const [f, v] of Object.entries(set)) expect(typeof v === 'object' ? changed[f] : changed[f], `${form}.${f}`).toMatchObject(typeof v === 'object' ? (v as object) : (v as never));
      expect((await ok(admin, form, 'delete', { keys: [id] })).deleted, form).toBe(1);
      expect(
        (await list(admin, form)).some((r) => r[key] === id),
        form,
      ).toBe(false);
    }
    // Shared reference data reads the same in every company.
    expect((await list(admin, 'currencies', 'HU01')).map((r) => r.currency_code)).toEqual((await list(admin, 'currencies')).map((r) => r.currency_code));
  });

  it('refuses a user without the page, and one with list alone, to change shared reference data', async () => {
    expect((await call(catalog, 'currencies', 'list', { startRow: 0, endRow: 10 })).status).toBe(403);
    await grantUserPage(s, await userId('catalog@example.com'), 'settings.countries', { can_list: true, can_set: false, can_add: false, can_delete: false });
    expect((await call(catalog, 'countries', 'list', { startRow: 0, endRow: 10 })).status).toBe(200);
    expect((await call(catalog, 'countries', 'set', { rows: [{ country_code: 'SK', row_version: 1, country_names: { en: 'Slovakia!' } }] })).status).toBe(403);
    expect((await call(catalog, 'countries', 'add', { country_code: 'XB', country_names: { en: 'X' } })).status).toBe(403);
    expect((await call(catalog, 'countries', 'delete', { keys: ['XA'] })).status).toBe(403);
  });

  it('refuses deleting a currency, country, language or product type in use, naming what uses it (in German too)', async () => {
    await ok(admin, 'currencies', 'add', { currency_code: 'XTU', currency_name: { en: 'Used units' }, currency_precision: 2 });
    await ok(admin, 'countries', 'add', { country_code: 'XU', country_names: { en: 'Usedland' } });
    await ok(admin, 'languages', 'add', { language_code: 'xu', iso_code: 'xu', language_name: 'Used', flag_code: 'xu' });
    const pt = (await ok(admin, 'product_types', 'add', { pt_code: 'used_type', pt_names: { en: 'Used type' } })).row.pt_id as number;
    // What uses them: two shops and a manufacturer (of other companies too: the key holds them all), a user, a product.
    for (const host of ['xtu-1.example.com', 'xtu-2.example.com']) {
      await s.db.query(`insert into app.shops (hostname, shop_name, company_code, currency_code, language_code) values ($1, $1, 'HU01', 'XTU', 'en')`, [host]);
    }
    await s.db.query(`insert into app.manufacturers (mf_name, country_code) values ('Used Maker', 'XU')`);
    await s.db.query(`update app.users set language_code = 'xu' where user_email = 'warehouse@example.com'`);
    const product = (await s.db.query<{ c: string }>(`select product_code as c from app.products where company_code = 'SK01' order by product_code limit 1`)).rows[0]!.c;
    await s.db.query('update app.products set pt_id = $1 where product_code = $2', [pt, product]);

    const refused = async (form: string, key: string | number) => {
      const r = await call(admin, form, 'delete', { keys: [key] });
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.error).toBe('in_use');
      expect(JSON.stringify(r.body)).not.toMatch(/violates|foreign key|constraint|app\./);
      return r.body;
    };
    // The delete's preview says so before anyone is asked (the delete tried in a savepoint, rolled back).
    const preview = await call(admin, 'currencies', 'delete_preview', { keys: ['XTU'] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.refused).toEqual({ error: 'in_use', params: { count: 2, label: 'screens.frontend_shops.title' } });
    const uiPreview = await call(admin, 'languages', 'delete_preview', { keys: ['bg'] });
    expect(uiPreview.body.data.refused).toMatchObject({ error: 'rule_violated', params: { rule: 'language_of_ui' } });
    const free = await ok(admin, 'countries', 'add', { country_code: 'XF', country_names: { en: 'Freeland' } });
    expect((await ok(admin, 'countries', 'delete_preview', { keys: [free.row.country_code] })).refused).toBeUndefined();
    expect((await s.db.query(`select 1 from app.countries where country_code = 'XF'`)).rows).toHaveLength(1);
    const currency = await refused('currencies', 'XTU');
    expect(currency.params).toEqual({ count: 2, label: 'screens.frontend_shops.title' });
    expect(said('en', currency)).toBe('Cannot be deleted: still used in “Shop list” (records: 2).');
    expect(said('de', currency)).toBe('Kann nicht gelöscht werden: wird noch in „Shopliste“ verwendet (Einträge: 2).');

    const country = await refused('countries', 'XU');
    expect(country.params).toEqual({ count: 1, label: 'screens.manufacturers.title' });
    expect(said('de', country)).toMatch(/^Kann nicht gelöscht werden: wird noch in „.+“ verwendet \(Einträge: 1\)\.$/);

    const language = await refused('languages', 'xu');
    expect(language.params).toMatchObject({ count: 1, label: 'screens.users.title' });
    expect(said('de', language)).toBe('Kann nicht gelöscht werden: wird noch in „Benutzer“ verwendet (Einträge: 1).');

    const type = await refused('product_types', pt);
    expect(type.params).toEqual({ count: 1, label: 'screens.product_list.title' });

    // The seven languages the back office speaks are never deleted (their own rule), used or not.
    const ui = await call(admin, 'languages', 'delete', { keys: ['bg'] });
    expect(ui.status).toBe(400);
    expect(ui.body).toMatchObject({ error: 'rule_violated', params: { rule: 'language_of_ui' } });

    // Once nothing uses it, it goes.
    await s.db.query(`delete from app.shops where currency_code = 'XTU'`);
    expect((await ok(admin, 'currencies', 'delete', { keys: ['XTU'] })).deleted).toBe(1);
  });

  it('sells in active languages only: a shop refuses an inactive one, and a language a shop sells in stays active', async () => {
    const shop = (await s.db.query<{ shop_id: number }>(`select shop_id from app.shops where company_code = 'SK01' order by shop_id limit 1`)).rows[0]!.shop_id;
    const used = (await s.db.query<{ language_code: string }>('select language_code from app.shop_languages where shop_id = $1 and enabled order by position limit 1', [shop])).rows[0]!;
    const unused = (
      await s.db.query<{ language_code: string; row_version: number }>(
        `select language_code, row_version from app.languages where active and language_code = any($1) and language_code not in (select language_code from app.shop_languages where enabled) order by position limit 1`,
        [['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg']],
      )
    ).rows[0];
    // Deactivating a language a shop sells in: refused at the field, in the user's language.
    const version = (await s.db.query<{ row_version: number }>('select row_version from app.languages where language_code = $1', [used.language_code])).rows[0]!.row_version;
    const kept = await call(admin, 'languages', 'set', { rows: [{ language_code: used.language_code, row_version: version, active: false }] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(400);
    expect(kept.body).toMatchObject({ error: 'rule_violated', params: { rule: 'language_in_shop', fields: 'active' } });
    expect(said('de', kept.body)).toBe('Ein Shop verkauft in dieser Sprache: Entfernen Sie sie zuerst aus den Sprachen des Shops.');
    // A language no shop sells in is deactivated; then no shop may take it until it is active again.
    if (!unused) throw new Error('the demo data has no active UI language outside the shops');
    await ok(admin, 'languages', 'set', { rows: [{ language_code: unused.language_code, row_version: unused.row_version, active: false }] });
    const refused = await call(admin, 'shop_languages', 'add', { shop_id: shop, language_code: unused.language_code, url_prefix: '/x' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ error: 'rule_violated', params: { rule: 'language_inactive' } });
    expect(said('en', refused.body)).toBe('This language is not active: activate it on the languages screen first.');
    const now = (await s.db.query<{ row_version: number }>('select row_version from app.languages where language_code = $1', [unused.language_code])).rows[0]!.row_version;
    await ok(admin, 'languages', 'set', { rows: [{ language_code: unused.language_code, row_version: now, active: true }] });
    await ok(admin, 'shop_languages', 'add', { shop_id: shop, language_code: unused.language_code, url_prefix: '/x' });
  });

  it("keeps a company's accounts to it: another company's are invisible and unwritable; a purchase order names one of its own", async () => {
    const sk = (await ok(admin, 'accounts', 'add', { account_code: 'T131', account_names: { en: 'Goods' }, is_stock_account: true })).row as Row;
    const hu = (await ok(admin, 'accounts', 'add', { account_code: 'T228', account_names: { en: 'Stock' } }, 'HU01')).row as Row;
    expect(sk.company_code ?? 'SK01').toBe('SK01');
    expect((await list(admin, 'accounts')).map((r) => r.account_id)).toContain(sk.account_id);
    expect((await list(admin, 'accounts')).map((r) => r.account_id)).not.toContain(hu.account_id);
    const brief = (await list(admin, 'accounts_brief')).map((r) => r.account_id);
    expect(brief).toContain(sk.account_id);
    expect(brief).not.toContain(hu.account_id);
    // From SK01, HU01's account cannot be changed or deleted.
    const set = await call(admin, 'accounts', 'set', { rows: [{ account_id: hu.account_id, row_version: 1, account_code: 'X' }] });
    expect(set.status, JSON.stringify(set.body)).toBe(404);
    expect((await call(admin, 'accounts', 'delete', { keys: [hu.account_id] })).body.data?.deleted ?? 0).toBe(0);
    expect((await s.db.query('select account_code from app.accounts where account_id = $1', [hu.account_id])).rows[0]).toEqual({ account_code: 'T228' });

    const po = (await s.db.query<{ po_id: number; row_version: number }>(`select po_id, row_version from app.purchase_orders where company_code = 'SK01' order by po_id limit 1`)).rows[0]!;
    const own = await call(admin, 'purchase_orders', 'set', { rows: [{ po_id: po.po_id, row_version: po.row_version, account_id: sk.account_id }] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.rows[0].account_id).toBe(sk.account_id);
    const other = await call(admin, 'purchase_orders', 'set', { rows: [{ po_id: po.po_id, row_version: po.row_version + 1, account_id: hu.account_id }] });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/reference/);
    // Used by the order: the account stays, and says by what.
    const inUse = await call(admin, 'accounts', 'delete', { keys: [sk.account_id] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.params).toEqual({ count: 1, label: 'screens.purchase_orders.title' });
    // A draft on /purchasing/new_purchase_order names its account too (migration 131), one of the company's own.
    const supplier = (await s.db.query<{ partner_id: number }>(`select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1`)).rows[0]!;
    const draft = await call(admin, 'new_purchase_order', 'add', { partner_id: supplier.partner_id, account_id: sk.account_id });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.row.account_id).toBe(sk.account_id);
    expect((await list(admin, 'new_purchase_order')).find((r) => r.po_id === draft.body.data.row.po_id)?.account_id).toBe(sk.account_id);
    expect((await call(admin, 'new_purchase_order', 'add', { partner_id: supplier.partner_id, account_id: hu.account_id })).status).toBe(400);
  });

  it('shows a user only the companies she works in; a company she adds is hers to pick at once', async () => {
    const id = await userId('catalog@example.com');
    await grantUserPage(s, id, 'settings.companies', { can_list: true, can_add: true, can_set: true });
    expect((await list(catalog, 'companies')).map((r) => r.company_code)).toEqual(['SK01']);
    expect((await list(admin, 'companies')).map((r) => r.company_code)).toEqual(expect.arrayContaining(['SK01', 'HU01', 'CZ01']));
    // Another company's settings are out of her reach.
    expect((await call(catalog, 'companies', 'set', { rows: [{ company_code: 'HU01', row_version: 1, company_name: 'Mine now' }] })).status).toBe(404);
    // The first company's settings: what documents and the shops read of it.
    const first = (
      await ok(catalog, 'companies', 'set', { rows: [{ company_code: 'SK01', row_version: 1, vat_number: 'SK2020202020', address_line_1: 'Hlavná 1', city: 'Bratislava', zip_code: '81101' }] })
    ).rows[0];
    expect(first).toMatchObject({ vat_number: 'SK2020202020', city: 'Bratislava' });
    // A company's currency is fixed once it exists.
    expect((await call(catalog, 'companies', 'set', { rows: [{ company_code: 'SK01', row_version: 2, currency_code: 'HUF' }] })).status).toBe(400);

    expect((await call(catalog, 'companies', 'list', { startRow: 0, endRow: 10 }, 'NEW1')).status).toBe(403);
    const added = (await ok(catalog, 'companies', 'add', { company_code: 'NEW1', company_name: 'New Trade s.r.o.', currency_code: 'EUR', country_code: 'SK' })).row;
    expect(added).toMatchObject({ company_code: 'NEW1', company_name: 'New Trade s.r.o.' });
    const user = await s.post('/rpc/user', {}, { token: catalog, company: 'NEW1' });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(user.body.companies.map((c: Row) => c.company_code)).toEqual(['SK01', 'NEW1']);
    expect(user.body.company).toBe('NEW1');
    expect((await list(catalog, 'companies', 'NEW1')).map((r) => r.company_code).sort()).toEqual(['NEW1', 'SK01']);

    // A company with records stays, saying what uses it; an empty one goes, and with it who worked in it.
    const used = await call(admin, 'companies', 'delete', { keys: ['CZ01'] });
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ error: 'in_use', params: { count: expect.any(Number) } });
    expect((await ok(admin, 'companies', 'delete', { keys: ['NEW1'] })).deleted).toBe(1);
    expect((await s.post('/rpc/user', {}, { token: catalog })).body.companies.map((c: Row) => c.company_code)).toEqual(['SK01']);
  });

  it("tells a companies stream only of the subscriber's own companies", async () => {
    // Catalog works in SK01 and NEW1 (the test before) and may list the companies page.
    const live = await subscribe(s, catalog, 'SK01');
    try {
      const version = async (code: string) => (await s.db.query<{ v: number }>('select row_version as v from app.companies where company_code = $1', [code])).rows[0]!.v;
      await ok(admin, 'companies', 'set', { rows: [{ company_code: 'HU01', row_version: await version('HU01'), phone: '+36 1 000' }] });
      // A later write she may hear of: once it is there, the earlier one would have been too (commit order).
      await ok(admin, 'companies', 'set', { rows: [{ company_code: 'SK01', row_version: await version('SK01'), phone: '+421 2 000' }] });
      await vi.waitFor(() => expect(live.events.some((e) => e.form === 'companies' && JSON.stringify(e.ids) === '[["SK01"]]')).toBe(true), { timeout: 10_000, interval: 10 });
      expect(live.events.filter((e) => e.form === 'companies').map((e) => e.ids)).toEqual([[['SK01']]]);
    } finally {
      live.close();
    }
  });

  it('serves the lookups the spec names', async () => {
    for (const token of [admin, catalog]) {
      expect((await list(token, 'channel_brief')).map((r) => r.channel_code)).toEqual(expect.arrayContaining(['eshop', 'b2b']));
      const groups = await list(token, 'default_shopper_groups');
      expect(groups.length).toBeLessThanOrEqual(1);
      expect((await call(token, 'frontend_product_categories_brief', 'list', { startRow: 0, endRow: 1000 })).status).toBe(200);
      expect((await call(token, 'accounts_brief', 'list', { startRow: 0, endRow: 1000 })).status).toBe(200);
    }
    const shown = (
      await s.db.query<{ n: number }>(
        `select count(distinct c.product_category_id)::int as n from app.shop_categories c join app.shops s on s.shop_id = c.shop_id where s.company_code = 'SK01' and c.active`,
      )
    ).rows[0]!.n;
    expect(await list(admin, 'frontend_product_categories_brief')).toHaveLength(shown);
    // The accounts a purchase order may name: filtered by is_stock_account, as the spec's filter.
    const stock = (await ok(admin, 'accounts_brief', 'filter', { is_stock_account: true })).rows as Row[];
    expect(stock.map((r) => r.account_code)).toEqual(['131', 'T131']);
    expect((await ok(admin, 'accounts_brief', 'filter', { is_stock_account: true, company_code: 'SK01' })).rows).toHaveLength(2);
    expect((await ok(admin, 'accounts_brief', 'filter', { company_code: 'HU01' })).rows).toEqual([]);
  });
});
