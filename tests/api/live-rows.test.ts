/**
 * Live rows (http/liveRows.ts) on both engines: a change committed through the engine
 * reaches the `GET /api/live` streams of the row's company whose users may list the form,
 * as the form, the rows' keys and the writer — never a value — and no other stream: not
 * another company's, not a user's without the page, not before the write commits.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

interface Live {
  events: Json[];
  status: number;
  ended: Promise<void>;
  close(): void;
}

/** Opens a live-rows stream as `token` in `company` and collects its `rows` events. */
async function subscribe(s: TestServer, token: string, company: string): Promise<Live> {
  const ctl = new AbortController();
  const res = await fetch(`${s.url}/api/live`, { headers: { authorization: `Bearer ${token}`, 'x-company': company, accept: 'text/event-stream' }, signal: ctl.signal });
  const events: Json[] = [];
  if (!res.ok || !res.body) return { events, status: res.status, ended: Promise.resolve(), close: () => ctl.abort() };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  const ended = (async () => {
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
  return { events, status: res.status, ended, close: () => ctl.abort() };
}

/** Waits until `cond` holds (events arrive on their own connection); the test's time-out bounds it. */
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 10_000, interval: 10 });

describe.each(engines)('live rows (%s)', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const firstProduct = async (company: string) => (await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 1 }, company)).body.data.rows[0];
  const touch = async (row: Json, company: string) => {
    const r = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, supplier_product_code: `LIVE-${Math.random()}` }, company);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  it('needs a session', async () => {
    expect((await fetch(`${s.url}/api/live`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/live`, { headers: { authorization: `Bearer ${warehouse}`, 'x-company': 'CZ01' } })).status).toBe(403); // not her company
  });

  const firstSupplierRow = async (company: string) => (await s.action(admin, 'product_suppliers', 'list', { startRow: 0, endRow: 1 }, company)).body.data.rows[0];
  const touchSupplier = async (row: Json, company: string) => {
    const r = await s.action(
      admin,
      'product_suppliers',
      'set',
      { product_supplier_id: row.product_supplier_id, row_version: row.row_version, supplier_product_code: `LIVE-${Math.random()}` },
      company,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const of = (l: Live, form: string) => l.events.filter((e) => e.form === form);
  const mine = (l: Live) => of(l, 'product_list');

  // A stream hears of writes in commit order (liveRows.ts): once it has the event of a later
  // write it may hear of, whatever an earlier write would have told it has come.
  it("sends the keys of a change to the company's streams that may list the form, nothing else", async () => {
    expect((await s.action(warehouse, 'product_list', 'list', { startRow: 0, endRow: 1 }, 'SK01')).status).toBe(403); // the premise
    const sk = await subscribe(s, admin, 'SK01');
    const hu = await subscribe(s, admin, 'HU01');
    const cat = await subscribe(s, catalog, 'SK01');
    const wh = await subscribe(s, warehouse, 'SK01');
    try {
      const row = await firstProduct('SK01');
      await touch(row, 'SK01');
      const told = { form: 'product_list', ids: [[row.product_code]], by: { id: 1, name: 'Ada Admin' } };
      await until(() => mine(sk).length > 0 && mine(cat).length > 0);
      // Another company's write after it: its stream hears of that one and of nothing before it.
      const other = await firstProduct('HU01');
      await touch(other, 'HU01');
      await until(() => mine(hu).length > 0);
      expect(mine(hu)).toEqual([{ form: 'product_list', ids: [[other.product_code]], by: { id: 1, name: 'Ada Admin' } }]);
      // A purchasing write the warehouse user may list: she hears of it, and of no product_list before it.
      const supplier = await firstSupplierRow('SK01');
      await touchSupplier(supplier, 'SK01');
      await until(() => of(wh, 'product_suppliers').length > 0);
      expect(mine(wh)).toEqual([]); // no right to the page
      // Whatever the warehouse stream got is of forms she may list.
      for (const e of wh.events) expect((await s.action(warehouse, e.form, 'list', { startRow: 0, endRow: 1 }, 'SK01')).status).toBe(200);
      // The same row again: both SK01 streams that may list products hear of it, and had heard of the first write once and of the HU01 write never.
      const again = await firstProduct('SK01');
      await touch(again, 'SK01');
      await until(() => mine(sk).length > 1 && mine(cat).length > 1);
      const twice = [told, { ...told, ids: [[again.product_code]] }];
      for (const l of [sk, cat]) expect(mine(l)).toEqual(twice);
      // Other forms over the same table (the prices screens write products) reach those who may list them, with the same keys.
      for (const e of sk.events.filter((e) => e.form !== 'product_list' && e.form !== 'product_suppliers')) expect([[row.product_code], [again.product_code]]).toContainEqual(e.ids[0]);
    } finally {
      for (const l of [sk, hu, cat, wh]) l.close();
    }
  });

  it('tells nothing of a write that does not commit', async () => {
    const sk = await subscribe(s, admin, 'SK01');
    try {
      const row = await firstProduct('SK01');
      // A stale version: the set is refused (409) inside its transaction, after nothing was written.
      const r = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version - 1, supplier_product_code: 'never' }, 'SK01');
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('stale_row');
      // A write of the same row that commits after it: the stream hears of that one only.
      await touch(row, 'SK01');
      await until(() => mine(sk).length > 0);
      expect(mine(sk)).toEqual([{ form: 'product_list', ids: [[row.product_code]], by: { id: 1, name: 'Ada Admin' } }]);
    } finally {
      sk.close();
    }
  });

  it('ends the stream of a session signed out', async () => {
    const { token } = await s.login('catalog@example.com');
    const l = await subscribe(s, token, 'SK01');
    expect((await s.post('/rpc/logout', {}, { token })).status).toBe(200);
    // The next notification re-resolves the session: it no longer stands, the stream ends.
    await touch(await firstProduct('SK01'), 'SK01');
    await l.ended; // the test's time-out says it stayed open
    expect(l.events).toEqual([]);
  });
});
