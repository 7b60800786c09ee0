/**
 * The courier export (migration 044, actions/courier.ts): the grid of paid orders shipped by
 * the parcel carrier with their address, weight (exact, from the items) and COD amount; the
 * Packeta import file (version line, header, 24 columns a packet, amounts by the importer's
 * rules per currency) for all of them or the picked ones; tracking numbers read back from a
 * CSV, every row either written (change-logged) or reported with its line and code; another
 * company's orders neither exported nor filled; the administrator's page only.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKETA_COLUMNS } from '../../src/server/actions/courier.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('courier export on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    // This suite marks orders paid by the event alone (its subject is what follows): its companies allow orders paid without payment (migration 128).
    await s.db.query('update app.companies set paid_without_payment = true');
  });
  afterAll(() => s?.close());
  const { ok, rows } = serverHelpers(() => s);

  /** A new order of the company ready to ship by the courier (confirmed and paid), paid by cash on delivery when `cod`. */
  const readyOrder = async (company: string, cod: boolean): Promise<{ order_id: number; fsm_reference: string }> => {
    const ref = async (sql: string) => (await rows(sql, [company]))[0]!;
    const partner = await ref(
      'select partner_id from app.partners p where company_code = $1 and not is_supplier and not deleted and exists (select 1 from app.partner_addresses a where a.partner_id = p.partner_id) order by partner_id limit 1',
    );
    const dm = await ref(`select dm_id from app.delivery_methods where company_code = $1 and dm_code = 'courier'`);
    const pm = await ref(`select pm_id from app.payment_methods where company_code = $1 and pm_code = ${cod ? "'cod'" : "'card'"}`);
    const product = await ref('select product_code from app.products where company_code = $1 and selling_price_shop > 0 and weight > 0 order by product_code desc limit 1');
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner.partner_id, dm_id: dm.dm_id, pm_id: pm.pm_id }, company)).row;
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: product.product_code, quantity: 3 }, company);
    for (const event_code of ['confirm', 'pay']) await ok(admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: [order.fsm_instance_id] }, company);
    return order;
  };
  const lines = (csv: string) => Papa.parse<string[]>(csv, { delimiter: ';', skipEmptyLines: true }).data;

  it('lists the paid orders the carrier ships, with the recipient, the weight of the items and the COD amount', async () => {
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      await readyOrder(company, true); // at least one of each kind besides the demo orders
      await readyOrder(company, false);
      const listed: Row[] = (await ok(admin, 'courier', 'list', { endRow: 1000 }, company)).rows;
      const expected = await rows(
        `select o.order_id, v.grand_total::text as grand_total, pm.pm_code,
                (select coalesce(sum(it.quantity * coalesce(p.weight, 0)), 0)::text from app.sales_order_items it join app.products p using (product_code) where it.order_id = o.order_id) as weight
         from app.sales_orders o join app.v_sales_orders v using (order_id) join app.delivery_methods dm on dm.dm_id = o.dm_id
         left join app.payment_methods pm on pm.pm_id = o.pm_id
         where o.company_code = $1 and v.state_code = 'paid' and not o.deleted and dm.dm_code = 'courier' order by o.order_id`,
        [company],
      );
      expect(expected.length, company).toBeGreaterThan(0);
      expect(listed.map((r) => r.order_id)).toEqual(expected.map((r) => r.order_id));
      for (const [i, r] of listed.entries()) {
        const e = expected[i]!;
        expect(r.state_code).toBe('paid');
        expect(r.weight).toBe(Math.round(Number(e.weight) * 1000) / 1000);
        // Cash on delivery: the whole order, its delivery and fee included (migration 099).
        expect(r.cod_amount).toBe(e.pm_code === 'cod' ? Number(e.grand_total) : 0);
        expect(r.address_line_1, `${r.order_id} has an address`).toBeTruthy();
        expect(r.fsm_actions.map((a: Row) => a.event_code)).toContain('ship');
      }
    }
  });

  it('exports them as a Packeta import file: version line, header, one packet a line in the carrier’s columns', async () => {
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const listed: Row[] = (await ok(admin, 'courier', 'list', { endRow: 1000 }, company)).rows;
      const file = await ok(admin, 'courier_export', 'filter', {}, company);
      expect(file).toMatchObject({ rows: listed.length, content_type: 'text/csv; charset=utf-8' });
      expect(file.file_name).toMatch(new RegExp(`^packeta-${company}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const csv = file.csv as string;
      expect(csv.startsWith('version 7\r\n')).toBe(true); // no BOM: the first cell must read "version 7"
      const [version, header, ...data] = lines(csv);
      expect(version).toEqual(['version 7']);
      expect(header).toEqual([...PACKETA_COLUMNS]);
      expect(data).toHaveLength(listed.length);
      const carrier = { SK01: '131', HU01: '4159', CZ01: '106' }[company];
      for (const [i, r] of listed.entries()) {
        const cells = data[i]!;
        expect(cells).toHaveLength(24);
        const rule = (n: number) => (r.currency_code === 'CZK' ? String(Math.round(n)) : r.currency_code === 'HUF' ? String(Math.round(n / 5) * 5) : n.toFixed(2));
        expect(cells[0]).toBe('');
        expect(cells[1]).toBe(r.fsm_reference);
        expect(cells[2]!.length).toBeGreaterThan(0);
        expect(cells[3]!.length).toBeGreaterThan(0);
        expect(cells[4]).toBe(String(r.partner_name).slice(0, 32));
        // The phone as the carrier reads it: its digits and the '+' ('+421 43 223 6379' → '+421432236379').
        expect([cells[5], cells[6]]).toEqual([r.email, String(r.phone ?? '').replace(/[\s\-./()]/g, '')]);
        expect(cells[7]).toBe(r.cod_amount > 0 ? rule(r.cod_amount) : '');
        expect([cells[8], cells[9]]).toEqual([r.currency_code, rule(r.total)]);
        expect(cells[10]).toBe(r.weight > 0 ? String(r.weight) : '');
        expect(cells[11]).toBe(carrier);
        expect(cells[13]).toBe('0');
        expect([cells[15], cells[16], cells[17], cells[18]]).toEqual([r.address_line_1, r.address_house_no, r.city, r.zip_code]);
        if (r.currency_code === 'HUF' && cells[7]) expect(Number(cells[7]) % 5).toBe(0);
        if (r.currency_code === 'CZK' && cells[7]) expect(cells[7]).toMatch(/^\d+$/);
      }
    }
    // The picked orders only; one not ready to ship (or another company's) is refused, nothing exported.
    const sk: Row[] = (await ok(admin, 'courier', 'list', { endRow: 1000 }, 'SK01')).rows;
    const picked = sk.slice(0, 1).map((r) => r.order_id);
    const one = await ok(admin, 'courier_export', 'filter', { order_ids: picked }, 'SK01');
    expect(
      lines(one.csv)
        .slice(2)
        .map((c) => c[1]),
    ).toEqual([sk[0]!.fsm_reference]);
    const cz = (await rows(`select order_id from app.v_courier_orders where company_code = 'CZ01' limit 1`))[0]!.order_id;
    const foreign = await s.action(admin, 'courier_export', 'filter', { order_ids: [...picked, cz] }, 'SK01');
    expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);
    const bad = await s.action(admin, 'courier_export', 'filter', { order_ids: [] }, 'SK01');
    expect([bad.status, bad.body.error, bad.body.params?.field]).toEqual([400, 'bad_request', 'payload.order_ids']);
  });

  it('reads tracking numbers back: known references filled and logged, every other row reported with its line and code', async () => {
    const [a, b] = [await readyOrder('SK01', false), await readyOrder('SK01', true)];
    // Another company's order, of a number SK01 has none of (numbers run per company: migration 097).
    const czPartner = (await rows(`select partner_id from app.partners where company_code = 'CZ01' and not is_supplier order by partner_id limit 1`))[0]!.partner_id;
    const cz = (await ok(admin, 'sales_orders', 'add', { partner_id: czPartner, opened_on: '2035-01-02' }, 'CZ01')).row.fsm_reference as string;
    expect((await rows(`select 1 from app.sales_orders where company_code = 'SK01' and fsm_reference = $1`, [cz])).length).toBe(0);
    const csv = [
      'Reference;Tracking number',
      `${a!.fsm_reference};Z 1234567890`,
      `${b!.fsm_reference};Z1234567891`,
      'SO-1999-000001;Z1',
      `${cz};Z2`,
      `${a!.fsm_reference};Z9999`,
      ';Z3',
      `${b!.fsm_reference};`,
      '',
    ].join('\r\n');
    const before = (await rows(`select count(*)::int as n from app.product_change_log where entity_name = 'sales_orders'`))[0]!.n;
    const r = await ok(admin, 'courier_tracking', 'set', { csv }, 'SK01');
    expect(r).toEqual({
      rows: 7,
      updated: 2,
      unchanged: 0,
      problems: [
        { line: 4, code: 'unknown_reference', reference: 'SO-1999-000001' },
        { line: 5, code: 'unknown_reference', reference: cz },
        { line: 6, code: 'duplicate_reference', reference: a!.fsm_reference },
        { line: 7, code: 'missing_reference', reference: '' },
        { line: 8, code: 'missing_tracking_number', reference: b!.fsm_reference },
      ],
    });
    expect(await rows('select order_id, tracking_number from app.sales_orders where order_id = any($1::int[]) order by order_id', [[a!.order_id, b!.order_id]])).toEqual([
      { order_id: a!.order_id, tracking_number: 'Z 1234567890' },
      { order_id: b!.order_id, tracking_number: 'Z1234567891' },
    ]);
    expect((await rows(`select count(*)::int as n from app.product_change_log where entity_name = 'sales_orders'`))[0]!.n).toBe(before + 2);
    expect((await rows(`select tracking_number from app.sales_orders where company_code = 'CZ01' and fsm_reference = $1`, [cz]))[0]!.tracking_number).not.toBe('Z2');
    // Read again: nothing changes; a comma-separated file with the carrier's own header names reads the same; a number too long is refused by the column's rule.
    expect(await ok(admin, 'courier_tracking', 'set', { csv: `reference,barcode\r\n${a!.fsm_reference},Z 1234567890\r\n${b!.fsm_reference},${'9'.repeat(61)}` }, 'SK01')).toEqual({
      rows: 2,
      updated: 0,
      unchanged: 1,
      problems: [{ line: 3, code: 'invalid_tracking_number', reference: b!.fsm_reference, reason: 'validation.max_length' }],
    });
    const noHeader = await s.action(admin, 'courier_tracking', 'set', { csv: `${a!.fsm_reference};Z1` }, 'SK01');
    expect([noHeader.status, noHeader.body.error, noHeader.body.params?.field]).toEqual([400, 'bad_request', 'payload.csv']);
  });

  it('grants the courier page to the administrator only among the demo roles', async () => {
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['courier', 'list', {}],
        ['courier_export', 'filter', {}],
        ['courier_tracking', 'set', { csv: 'reference;tracking_number\r\nSO-1;Z1' }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
    }
  });
});
