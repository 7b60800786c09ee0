/**
 * Currency rates with a history (issue 46, migration 110) on both engines: a rate per
 * company, currency and day, kept when a later day brings another; today's rates (the view
 * currency, the old `company_currency_rates`) are the latest on or before today; a document
 * dated in the past converts with its day's rate (a cashflow item's amount in the company
 * currency, a purchase order's related cost); one rate per day and currency, refused at the
 * day's field; the rates screen is company-scoped and needs its page right.
 *
 * The daily feed against a fake ECB on 127.0.0.1 (real HTTP through the outbound guard,
 * allowed by OUTBOUND_ALLOW_HOSTS as the news tests do): every company's rates crossed
 * through EUR, only the currencies the database has, a user's rate of the day kept; a failed
 * fetch (an error status, an answer that is no rate file, a timeout) keeps the last rates and
 * the status says so; the guard refuses an address it does not allow.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundFetch } from '../../src/server/net/outboundFetch.ts';
import { fetchRates, startRateFeed } from '../../src/server/rates/feed.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

const ecb = (day: string, rates: Record<string, number>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='${day}'>
${Object.entries(rates)
  .map(([c, r]) => `			<Cube currency='${c}' rate='${r}'/>`)
  .join('\n')}
		</Cube>
	</Cube>
</gesmes:Envelope>`;

/** A fake ECB on loopback: `/daily.xml` answers what `answer` says; `/slow.xml` never answers. */
async function fakeEcb() {
  const sockets = new Set<Socket>();
  const state = { answer: { status: 200, body: '' }, hits: 0 };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/slow.xml') return void res.writeHead(200, { 'content-type': 'text/xml' }).write('<?xml version="1.0"?>');
    if (path !== '/daily.xml') return void res.writeHead(404).end();
    state.hits++;
    res.writeHead(state.answer.status, { 'content-type': 'text/xml' }).end(state.answer.body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    state,
    hostPort: base.slice('http://'.length),
    url: (path: string) => `${base}${path}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const FEED_DAY = '2026-03-02';

describe.each(engines)('currency rates on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  let ecbFake: Awaited<ReturnType<typeof fakeEcb>>;
  const { ok, rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    ecbFake = await fakeEcb();
    ({ s, admin, catalog } = await startSignedIn(engine, { env: { OUTBOUND_ALLOW_HOSTS: ecbFake.hostPort, RATES_URL: ecbFake.url('/daily.xml') } }));
  });
  afterAll(async () => {
    await ecbFake?.close();
    await s?.close();
  });

  const rateOn = async (company: string, currency: string, day: string) => Number((await one('select app.rate_on($1, $2, $3::date)::float8 as r', [company, currency, day])).r);
  const dayRow = (company: string, currency: string, day: string) =>
    one('select rate::float8 as rate, source from app.currency_rate_days where company_code = $1 and currency_code = $2 and rate_date = $3::date', [company, currency, day]);
  const addRate = (company: string, currency_code: string, rate_date: string, rate: number) => s.action(admin, 'currency_rates', 'add', { currency_code, rate_date, rate }, company);
  const viewRates = async (company: string, view: string) => (await s.post('/rpc/view_currency_rates', { currency_code: view }, { token: admin, company })).body.data.rates as Record<string, number>;

  it('keeps every day of a currency; the rate of a day is the latest on or before it; today’s rates are today’s', async () => {
    const today = (await one('select current_date::text as d')).d as string;
    const initial = await rateOn('HU01', 'USD', today);
    expect(initial).toBeGreaterThan(0);
    // The seeded rate's day is the day the database was made, which a test database made
    // before midnight leaves at yesterday.
    const initialDay = (await one(`select max(rate_date)::text as d from app.currency_rate_days where company_code = 'HU01' and currency_code = 'USD'`)).d as string;
    expect(initialDay <= today).toBe(true);
    for (const [day, rate] of [
      ['2026-01-10', 360],
      ['2026-01-20', 370],
      ['2099-01-01', 999], // a day to come is not in force today
    ] as const) {
      const r = await addRate('HU01', 'USD', day, rate);
      expect([r.status, r.body.data?.row?.source]).toEqual([200, 'manual']);
    }
    const listed: Row[] = (await ok(admin, 'currency_rates', 'list', { startRow: 0, endRow: 500, filterModel: { currency_code: { filterType: 'text', type: 'equals', filter: 'USD' } } }, 'HU01')).rows;
    expect(listed.map((r) => [r.rate_date, Number(r.rate)])).toEqual([
      ['2099-01-01', 999],
      [initialDay, initial],
      ['2026-01-20', 370],
      ['2026-01-10', 360],
    ]);
    expect(await rateOn('HU01', 'USD', '2026-01-15')).toBe(360);
    expect(await rateOn('HU01', 'USD', '2026-01-20')).toBe(370);
    expect(await rateOn('HU01', 'USD', '2026-02-01')).toBe(370);
    expect(await rateOn('HU01', 'USD', '2025-06-01')).toBe(360); // before the history: its first rate
    expect(await rateOn('HU01', 'USD', today)).toBe(initial);
    expect(Number((await one(`select rate::float8 as r from app.company_currency_rates where company_code = 'HU01' and currency_code = 'USD'`)).r)).toBe(initial);
    // Code that still writes a company's rate under the old name writes today's.
    await s.db.query(`insert into app.company_currency_rates (company_code, currency_code, rate) values ('CZ01', 'PLN', 5.9)`);
    expect(await dayRow('CZ01', 'PLN', today)).toEqual({ rate: 5.9, source: 'initial' });
    expect(Number((await one(`select rate::float8 as r from app.company_currency_rates where company_code = 'CZ01' and currency_code = 'PLN'`)).r)).toBe(5.9);
    // The view currency reads today's: USD in a HUF view is today's rate.
    expect((await viewRates('HU01', 'HUF')).USD).toBeCloseTo(initial, 8);
    // Another company's rates are not this one's: SK01 lists none of these days.
    const sk: Row[] = (await ok(admin, 'currency_rates', 'list', { startRow: 0, endRow: 500 }, 'SK01')).rows;
    expect(sk.some((r) => r.rate_date === '2026-01-10')).toBe(false);
    expect(sk.every((r) => r.company_code === undefined || r.company_code === 'SK01')).toBe(true);
  });

  it('takes one rate per currency and day, above zero, and the company currency at 1 — said at the field', async () => {
    const taken = await addRate('HU01', 'EUR', '2026-01-10', 380);
    expect(taken.status).toBe(200);
    const again = await addRate('HU01', 'EUR', '2026-01-10', 381);
    expect([again.status, again.body.error, again.body.rule, again.body.params?.fields]).toEqual([400, 'rule_violated', 'currency_rate_day_taken', 'rate_date,currency_code']);
    // Editing a day onto another day of the currency is the same refusal.
    const other = (await addRate('HU01', 'EUR', '2026-01-11', 382)).body.data.row as Row;
    const moved = await s.action(admin, 'currency_rates', 'set', { rate_id: other.rate_id, row_version: other.row_version, rate_date: '2026-01-10' }, 'HU01');
    expect([moved.status, moved.body.rule]).toEqual([400, 'currency_rate_day_taken']);
    const zero = await addRate('HU01', 'EUR', '2026-01-12', 0);
    expect([zero.status, zero.body.params?.field]).toEqual([400, 'payload.rate']);
    const own = await addRate('HU01', 'HUF', '2026-01-12', 2);
    expect([own.status, own.body.rule]).toEqual([400, 'currency_rate_own']);
    expect(await dayRow('HU01', 'EUR', '2026-01-10')).toEqual({ rate: 380, source: 'manual' });
  });

  it('converts a document dated in the past with its day’s rate; today’s documents and the view currency with today’s', async () => {
    // HU01 (HUF): EUR was 380 on 2026-01-10 (the test above), today the initial rate.
    const today = (await one('select current_date::text as d')).d as string;
    const eurToday = await rateOn('HU01', 'EUR', today);
    expect(eurToday).not.toBe(380);
    const partner = (await one(`select partner_id from app.partners where company_code = 'HU01' and not is_supplier and not deleted order by partner_id limit 1`)).partner_id as number;
    const add = async (opened_on: string) =>
      (await ok(admin, 'cashflow', 'add', { type_code: 'customer_invoice', partner_id: partner, amount: 100, currency_code: 'EUR', opened_on, due_date: opened_on }, 'HU01')).row as Row;
    const past = await add('2026-01-10');
    const now = await add(today);
    expect(Number(past.amount_view_currency)).toBe(38_000);
    expect(Number(now.amount_view_currency)).toBeCloseTo(100 * eurToday, 6);
    // Each row carries its day's rates, which the grid converts it into the view currency with (`ratesField`): 38,000 Ft shown in EUR is €100 again.
    expect(past.day_rates).toMatchObject({ HUF: 1, EUR: 380, USD: 360 });
    expect(now.day_rates).toMatchObject({ HUF: 1, EUR: eurToday });
    // A purchase order of that day: its cost in EUR converts into the order's HUF with that day's rate.
    const supplier = (await one(`select partner_id from app.partners where company_code = 'HU01' and is_supplier order by partner_id limit 1`)).partner_id as number;
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier, currency_code: 'HUF', opened_on: '2026-01-10' }, 'HU01')).row as Row;
    const cost = (await ok(admin, 'purchase_order_costs', 'add', { po_id: po.po_id, cost_name: 'Freight', cost_amount: 10, cost_currency_code: 'EUR' }, 'HU01')).row as Row;
    expect([Number(cost.cost_currency_rate), Number(cost.cost_converted_amount)]).toEqual([380, 3800]);
    // The view currency is today's: a EUR view of HU01 shows a HUF amount at today's EUR rate.
    expect((await viewRates('HU01', 'EUR')).HUF).toBeCloseTo(1 / eurToday, 12);
  });

  it('fetches the ECB file: every company’s rates through EUR, only known currencies, a user’s day kept', async () => {
    ecbFake.state.answer = { status: 200, body: ecb(FEED_DAY, { USD: 1.05, JPY: 160.5, CZK: 25, HUF: 400, GBP: 0.84, RON: 4.97 }) };
    // A user's GBP rate of that day in HU01 stays as entered.
    expect((await addRate('HU01', 'GBP', FEED_DAY, 500)).status).toBe(200);
    const status = await ok(admin, 'rate_feed_fetch', 'set', {}, 'HU01');
    expect(status).toMatchObject({ enabled: true, host: ecbFake.hostPort, last_rate_date: FEED_DAY, last_failed_at: null, last_error: null });
    expect(status.last_fetched_at).toEqual(expect.any(String));
    expect(await dayRow('HU01', 'USD', FEED_DAY)).toEqual({ rate: 380.9523809524, source: 'feed' }); // HUF per EUR / USD per EUR
    expect(await dayRow('HU01', 'EUR', FEED_DAY)).toEqual({ rate: 400, source: 'feed' });
    expect(await dayRow('SK01', 'USD', FEED_DAY)).toEqual({ rate: 0.9523809524, source: 'feed' });
    expect(await dayRow('SK01', 'HUF', FEED_DAY)).toEqual({ rate: 0.0025, source: 'feed' });
    expect(await dayRow('CZ01', 'HUF', FEED_DAY)).toEqual({ rate: 0.0625, source: 'feed' });
    expect(await dayRow('HU01', 'GBP', FEED_DAY)).toEqual({ rate: 500, source: 'manual' });
    const day = await rows(`select company_code, currency_code from app.currency_rate_days where rate_date = $1::date and source = 'feed'`, [FEED_DAY]);
    expect(day.some((r) => r.currency_code === 'JPY' || r.currency_code === 'BGN' || r.currency_code === 'PLN')).toBe(false); // not in the database / not in the file
    expect(day.some((r) => (r.company_code === 'HU01' && r.currency_code === 'HUF') || (r.company_code === 'SK01' && r.currency_code === 'EUR'))).toBe(false); // never the own currency
    expect(status.last_stored).toBe(day.length);
    // The same day fetched again with a correction: the feed's rate follows, the user's stays.
    ecbFake.state.answer = { status: 200, body: ecb(FEED_DAY, { USD: 1.1, HUF: 400, GBP: 0.8 }) };
    await ok(admin, 'rate_feed_fetch', 'set', {}, 'HU01');
    expect(await dayRow('HU01', 'USD', FEED_DAY)).toEqual({ rate: 363.6363636364, source: 'feed' });
    expect(await dayRow('HU01', 'GBP', FEED_DAY)).toEqual({ rate: 500, source: 'manual' });
  });

  it('keeps the last rates when a fetch fails, and says so in the status', async () => {
    const ratesNow = () => rows('select company_code, currency_code, rate_date::text as d, rate::text as rate, source from app.currency_rate_days order by 1, 2, 3');
    const before = await ratesNow();
    const fetched = (await ok(admin, 'rate_feed_status', 'list', {}, 'HU01')).last_fetched_at as string;
    for (const [answer, error, status] of [
      [{ status: 200, body: '<html><body>Maintenance</body></html>' }, 'invalid_feed', null],
      [{ status: 200, body: ecb(FEED_DAY, { USD: -1 }) }, 'invalid_feed', null],
      [{ status: 503, body: 'busy' }, 'http_status', 503],
    ] as const) {
      ecbFake.state.answer = answer;
      const st = await ok(admin, 'rate_feed_fetch', 'set', {}, 'HU01');
      expect(st).toMatchObject({ last_error: error, last_status: status, last_fetched_at: fetched, last_rate_date: FEED_DAY });
      expect(Date.parse(st.last_failed_at)).toBeGreaterThan(Date.parse(fetched));
      expect(await ratesNow()).toEqual(before);
    }
    // A server that never answers: the fetch ends at its deadline, nothing written.
    const timedOut = await fetchRates(s.db, { url: ecbFake.url('/slow.xml'), outbound: outboundFetch({ allowHosts: [ecbFake.hostPort] }), timeoutMs: 300 });
    expect(timedOut).toEqual({ ok: false, error: 'timeout', status: null });
    expect((await ok(admin, 'rate_feed_status', 'list', {}, 'HU01')).last_error).toBe('timeout');
    expect(await ratesNow()).toEqual(before);
  });

  it('fetches only through the outbound guard: an address it does not allow is refused before any request', async () => {
    ecbFake.state.answer = { status: 200, body: ecb(FEED_DAY, { USD: 2 }) };
    const hits = ecbFake.state.hits;
    const strict = outboundFetch(); // no test allowance: only public addresses
    for (const url of [ecbFake.url('/daily.xml'), ecbFake.url('/daily.xml').replace('127.0.0.1', 'localhost'), 'http://10.0.0.1/daily.xml']) {
      expect(await fetchRates(s.db, { url, outbound: strict })).toEqual({ ok: false, error: 'blocked_address', status: null });
    }
    expect(ecbFake.state.hits).toBe(hits);
    expect((await ok(admin, 'rate_feed_status', 'list', {}, 'HU01')).last_error).toBe('blocked_address');
    expect(await dayRow('HU01', 'USD', FEED_DAY)).toEqual({ rate: 363.6363636364, source: 'feed' });
  });

  it('fetches on its schedule, each pass claiming the feed through the status row (two pollers at once)', async () => {
    ecbFake.state.answer = { status: 200, body: ecb('2026-03-03', { USD: 1.2, HUF: 400 }) };
    await s.db.query(`update app.rate_feed_status set next_fetch_at = now() - interval '1 minute'`);
    const hits = ecbFake.state.hits;
    const opts = { url: ecbFake.url('/daily.xml'), outbound: outboundFetch({ allowHosts: [ecbFake.hostPort] }), intervalMs: 50 };
    const a = startRateFeed(s.db, opts);
    const b = startRateFeed(s.db, opts);
    await vi.waitFor(async () => expect(await dayRow('HU01', 'USD', '2026-03-03')).toEqual({ rate: 333.3333333333, source: 'feed' }), { timeout: 10_000 });
    await Promise.all([a.stop(), b.stop()]);
    // A pass claimed the feed by moving its next fetch on.
    const next = await one(`select next_fetch_at > now() - interval '1 minute' as moved from app.rate_feed_status`);
    expect(next).toEqual({ moved: true });
    expect(ecbFake.state.hits - hits).toBeGreaterThanOrEqual(1);
  });

  it('looks right after the start, not an interval later: a feed due then is fetched at once', async () => {
    ecbFake.state.answer = { status: 200, body: ecb('2026-03-04', { USD: 1.25, HUF: 400 }) };
    await s.db.query(`update app.rate_feed_status set next_fetch_at = now() - interval '1 minute'`);
    const feed = startRateFeed(s.db, { url: ecbFake.url('/daily.xml'), outbound: outboundFetch({ allowHosts: [ecbFake.hostPort] }), intervalMs: 3_600_000 });
    try {
      await vi.waitFor(async () => expect(await dayRow('HU01', 'USD', '2026-03-04')).toEqual({ rate: 320, source: 'feed' }), { timeout: 10_000 });
    } finally {
      await feed.stop();
    }
    // The next is an interval away.
    expect(await one(`select next_fetch_at > now() + interval '50 minutes' as later from app.rate_feed_status`)).toEqual({ later: true });
  });

  it('needs the rates page: another user is refused the screen, its status and a fetch', async () => {
    for (const [entity, action] of [
      ['currency_rates', 'list'],
      ['rate_feed_status', 'list'],
      ['rate_feed_fetch', 'set'],
    ] as const) {
      const r = await s.action(catalog, entity, action, action === 'list' && entity === 'currency_rates' ? { startRow: 0, endRow: 10 } : {}, 'SK01');
      expect([entity, r.status]).toEqual([entity, 403]);
    }
  });
});
