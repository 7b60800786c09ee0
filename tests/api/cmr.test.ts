/**
 * CMR consignment notes (migration 044): the demo notes of the pallet orders that shipped;
 * a note added for an order takes its invoice number, consignee, place of delivery and the
 * items' weight unless written, and is numbered; another company's order refused; the
 * printed note (the print document cmr_notes_print, migration 115; its PDF in
 * cmr-print.test.ts) gives the form's 24 boxes with their titles in every language and the
 * note's texts, the company with its address as sender; the administrator's pages only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('CMR notes on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  it('lists the demo notes of the shipped pallet orders, numbered, with their goods', async () => {
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const listed: Row[] = (await ok(admin, 'cmr', 'list', { endRow: 1000 }, company)).rows;
      const shipped = await one(
        `select count(*)::int as n from app.sales_orders o join app.delivery_methods dm on dm.dm_id = o.dm_id
         where o.company_code = $1 and dm.dm_code = 'pallet' and not o.deleted and exists (select 1 from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code = 'ship')`,
        [company],
      );
      expect(listed.length).toBe(shipped.n);
      expect(listed.length).toBeGreaterThan(0);
      // Numbered per company and year from 1, in the order the notes were written (migration 097).
      const byYear = new Map<string, Row[]>();
      for (const r of [...listed].sort((a, b) => a.cmr_id - b.cmr_id)) byYear.set(r.taking_over_date.slice(0, 4), [...(byYear.get(r.taking_over_date.slice(0, 4)) ?? []), r]);
      for (const [year, notes] of byYear) expect(notes.map((r) => r.cmr_number)).toEqual(notes.map((_, i) => `CMR-${year}-${String(i + 1).padStart(6, '0')}`));
      for (const r of listed) {
        expect(r.order_id).toEqual(expect.any(Number));
        expect(r.consignee.split('\n').length).toBeGreaterThanOrEqual(3);
        expect(r.hs_name).not.toBe('');
        expect(r.packages).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('adds a note for an order with its invoice, consignee, place of delivery and weight; refuses another company’s order and bad packages', async () => {
    const order = (await one(
      `select o.order_id, o.fsm_reference, o.ks_invoice_no, p.partner_name, a.city, a.country_code,
              (select i.invoice_number from app.invoices i where i.order_id = o.order_id and i.kind = 'invoice') as invoice_number,
              (select sum(it.quantity * coalesce(pr.weight, 0))::text from app.sales_order_items it join app.products pr using (product_code) where it.order_id = o.order_id) as weight
       from app.sales_orders o join app.partners p using (partner_id)
       join lateral (select * from app.partner_addresses a where a.partner_id = o.partner_id order by address_id limit 1) a on true
       where o.company_code = 'SK01' and o.ks_invoice_no <> '' order by o.order_id limit 1`,
    )) as Row;
    const note = (await ok(admin, 'cmr', 'add', { order_id: order.order_id, packages: 3, packing: 'Cartons', hs_name: 'Kitchen utensils' }, 'SK01')).row;
    // The invoice issued for the order (migration 138), else the shop's own number.
    expect(note).toMatchObject({
      order_id: order.order_id,
      invoice_no: order.invoice_number ?? order.ks_invoice_no,
      place_of_delivery: `${order.city}, ${order.country_code}`,
      packages: 3,
      weight: Math.round(Number(order.weight) * 1000) / 1000,
      taking_over_place: 'Dunaj Trade s.r.o., SK',
    });
    expect(note.consignee.split('\n')[0]).toBe(order.partner_name);
    // Written values win over the order's.
    const own = (await ok(admin, 'cmr', 'add', { order_id: order.order_id, invoice_no: 'X-1', consignee: 'Someone\nElsewhere 1', weight: 12.5 }, 'SK01')).row;
    expect(own).toMatchObject({ invoice_no: 'X-1', consignee: 'Someone\nElsewhere 1', weight: 12.5 });
    // An order not invoiced: the shop's number.
    const uninvoiced = (await one(
      `select o.order_id, o.ks_invoice_no from app.sales_orders o
       where o.company_code = 'SK01' and o.ks_invoice_no <> '' and not exists (select 1 from app.invoices i where i.order_id = o.order_id) order by o.order_id limit 1`,
    )) as Row;
    expect((await ok(admin, 'cmr', 'add', { order_id: uninvoiced.order_id }, 'SK01')).row.invoice_no).toBe(uninvoiced.ks_invoice_no);
    if (order.invoice_number === null) throw new Error('the demo data has no invoiced order with a shop number: this test proves nothing of migration 138');

    const cz = (await one(`select order_id from app.sales_orders where company_code = 'CZ01' order by order_id limit 1`)).order_id;
    const foreign = await s.action(admin, 'cmr', 'add', { order_id: cz }, 'SK01');
    expect([foreign.status, foreign.body.error, foreign.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.order_id']);
    const none = await s.action(admin, 'cmr', 'add', { packages: 0 }, 'SK01');
    expect([none.status, none.body.error, none.body.params?.field]).toEqual([400, 'invalid_value', 'payload.packages']);
    await expect(s.db.query('update app.cmr_notes set order_id = $1 where cmr_id = $2', [cz, note.cmr_id])).rejects.toMatchObject({ constraint: 'cmr_company' });
    await expect(s.db.query('update app.cmr_notes set packages = 0 where cmr_id = $1', [note.cmr_id])).rejects.toMatchObject({ constraint: 'cmr_packages_positive' });
  });

  it('prints a note as the form’s 24 boxes, titled in every language, the company with its address as sender', async () => {
    await s.db.query(`update app.companies set address_line_1 = 'Fő utca 1', zip_code = '1011', city = 'Budapest' where company_code = 'HU01'`);
    const note = (await one(`select * from app.v_cmr_notes where company_code = 'HU01' order by cmr_id limit 1`)) as Row;
    expect(note.print_url).toBe(`../print/cmr_notes_print?cmr_id=${note.cmr_id}`);
    for (const lang of LANGS) {
      const r = await fetch(`${s.url}/api/print/cmr_notes_print?cmr_id=${note.cmr_id}&lang=${lang}`, { headers: { authorization: `Bearer ${admin}`, 'x-company': 'HU01' } });
      expect(r.status).toBe(200);
      const form = (await r.json()).data.documents[0].blocks[0].form;
      const boxes = [...form.boxes, ...form.lines.columns].filter((b: Row) => b.no);
      expect(boxes.map((b: Row) => Number(b.no)).sort((x: number, y: number) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      for (const b of boxes) expect(b.titles.length).toBe(lang === 'en' ? 1 : 2);
      const text = Object.fromEntries(form.boxes.map((b: Row) => [b.no, b.text]));
      expect(text['1'].split('\n').slice(0, 3)).toEqual(['Tisza Kereskedelmi Kft.', 'Fő utca 1', '1011 Budapest']);
      expect([text['2'], text['3'], text['16']]).toEqual([note.consignee, note.place_of_delivery, note.carrier]);
      expect(text['5'].split('\n')).toEqual([note.invoice_no, note.order_reference].filter(Boolean));
      expect(form.lines.rows[0]).toMatchObject({ marks: note.marks, packing: note.packing, goods: note.hs_name, statistical: note.hs_code });
      if (lang === 'de') expect(form.boxes.find((b: Row) => b.no === '2').titles).toEqual(['Empfänger (Name, Anschrift, Land)', 'Consignee (name, address, country)']);
    }
  });

  it('grants the CMR pages to the administrator only among the demo roles', async () => {
    const note = (await one(`select cmr_id from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1`)).cmr_id;
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['cmr', 'list', {}],
        ['cmr', 'add', { packages: 1 }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
      const r = await fetch(`${s.url}/api/print/cmr_notes_print?cmr_id=${note}`, { headers: { authorization: `Bearer ${token}`, 'x-company': 'SK01' } });
      expect(r.status).toBe(403);
    }
  });
});
