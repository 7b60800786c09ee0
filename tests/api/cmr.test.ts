/**
 * CMR consignment notes (migration 044): the demo notes of the pallet orders that shipped;
 * a note added for an order takes its invoice number, consignee, place of delivery and the
 * items' weight unless written, and is numbered; another company's order refused; the
 * printed note (cmr_print, the print page's screen) gives the form's boxes in order with
 * their titles in every language and the note's texts, the company as sender; the
 * administrator's pages only.
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
        expect(r.order_reference).toMatch(/^SO-/);
        expect(r.consignee.split('\n').length).toBeGreaterThanOrEqual(3);
        expect(r.hs_name).not.toBe('');
        expect(r.packages).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('adds a note for an order with its invoice, consignee, place of delivery and weight; refuses another company’s order and bad packages', async () => {
    const order = (await one(
      `select o.order_id, o.fsm_reference, o.ks_invoice_no, p.partner_name, a.city, a.country_code,
              (select sum(it.quantity * coalesce(pr.weight, 0))::text from app.sales_order_items it join app.products pr using (product_code) where it.order_id = o.order_id) as weight
       from app.sales_orders o join app.partners p using (partner_id)
       join lateral (select * from app.partner_addresses a where a.partner_id = o.partner_id order by address_id limit 1) a on true
       where o.company_code = 'SK01' and o.ks_invoice_no <> '' order by o.order_id limit 1`,
    )) as Row;
    const note = (await ok(admin, 'cmr', 'add', { order_id: order.order_id, packages: 3, packing: 'Cartons', hs_name: 'Kitchen utensils' }, 'SK01')).row;
    expect(note).toMatchObject({
      order_reference: order.fsm_reference,
      invoice_no: order.ks_invoice_no,
      place_of_delivery: `${order.city}, ${order.country_code}`,
      packages: 3,
      weight: Math.round(Number(order.weight) * 1000) / 1000,
      taking_over_place: 'Dunaj Trade s.r.o., SK',
    });
    expect(note.consignee.split('\n')[0]).toBe(order.partner_name);
    // Written values win over the order's.
    const own = (await ok(admin, 'cmr', 'add', { order_id: order.order_id, invoice_no: 'X-1', consignee: 'Someone\nElsewhere 1', weight: 12.5 }, 'SK01')).row;
    expect(own).toMatchObject({ invoice_no: 'X-1', consignee: 'Someone\nElsewhere 1', weight: 12.5 });

    const cz = (await one(`select order_id from app.sales_orders where company_code = 'CZ01' order by order_id limit 1`)).order_id;
    const foreign = await s.action(admin, 'cmr', 'add', { order_id: cz }, 'SK01');
    expect([foreign.status, foreign.body.error, foreign.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.order_id']);
    const none = await s.action(admin, 'cmr', 'add', { packages: 0 }, 'SK01');
    expect([none.status, none.body.error, none.body.params?.field]).toEqual([400, 'invalid_value', 'payload.packages']);
    await expect(s.db.query('update app.cmr_notes set order_id = $1 where cmr_id = $2', [cz, note.cmr_id])).rejects.toMatchObject({ constraint: 'cmr_company' });
    await expect(s.db.query('update app.cmr_notes set packages = 0 where cmr_id = $1', [note.cmr_id])).rejects.toMatchObject({ constraint: 'cmr_packages_positive' });
  });

  it('prints a note as the CMR form’s boxes in order, titled in every language, the company as sender', async () => {
    const note = (await one(`select * from app.v_cmr_notes where company_code = 'HU01' order by cmr_id limit 1`)) as Row;
    const boxes: Row[] = (await ok(admin, 'cmr_print', 'filter', { cmr_id: note.cmr_id }, 'HU01')).rows;
    expect(boxes.map((b) => b.box_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 18]);
    for (const b of boxes) expect(Object.keys(b.box_names).sort()).toEqual([...LANGS].sort());
    const text = Object.fromEntries(boxes.map((b) => [b.box_no, b.box_text]));
    expect(text[1]).toBe('Tisza Kereskedelmi Kft.\nHU');
    expect([text[2], text[3], text[5], text[7], text[8], text[9], text[10]]).toEqual([
      note.consignee,
      note.place_of_delivery,
      note.invoice_no,
      String(note.packages),
      note.packing,
      note.hs_name,
      note.hs_code,
    ]);
    expect(text[4]).toBe(`${note.taking_over_place}, ${note.taking_over_date}`);
    expect(Number(text[11])).toBe(note.weight);
    expect(boxes[1]!.box_names.de).toBe('Empfänger (Name, Anschrift, Land)');
    // Another company's note prints nothing here.
    expect((await ok(admin, 'cmr_print', 'filter', { cmr_id: note.cmr_id }, 'SK01')).rows).toEqual([]);
  });

  it('grants the CMR pages to the administrator only among the demo roles', async () => {
    const note = (await one(`select cmr_id from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1`)).cmr_id;
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['cmr', 'list', {}],
        ['cmr', 'add', { packages: 1 }],
        ['cmr_print', 'filter', { cmr_id: note }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
    }
  });
});
