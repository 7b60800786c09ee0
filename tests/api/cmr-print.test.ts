/**
 * The CMR note as the convention's A4 form (issue 47, point 2), over real HTTP: a note added
 * for an order chosen by its reference (sales_orders_brief) has the customer's address as
 * consignee; its PDF (GET /api/print/cmr_notes_print/pdf) read back with `pdftotext -layout`
 * box by box (the text cropped to each box's place on the page) holds every box's number 1–24
 * with its title in the reader's language and English, the sender with the company's address,
 * the full consignee and every goods line whole — nothing ends in "…"; a very long description
 * shrinks and stays whole in its box; what cannot fit even at the smallest size (a long
 * reservation, sixty lines of goods) is on the continuation sheet, whole. Another company's
 * note is unknown (404); the print page without the CMR page is refused (403).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintBatch, PrintForm } from '../../src/core/print.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
/** Millimetres to PDF points (pdftotext's pixels at its default 72 dpi). */
const pt = (x: number) => (x * 72) / 25.4;
/** Words as one line of single spaces. */
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe.each(engines)('the CMR form on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string;
  let dir: string;
  const { ok, one, rows } = serverHelpers(() => s);
  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
    dir = mkdtempSync(join(tmpdir(), 'bo-cmr-'));
    await s.db.query(`update app.companies set address_line_1 = 'Hlavná 12', zip_code = '811 01', city = 'Bratislava', vat_number = 'SK2020123456' where company_code = 'SK01'`);
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string, token = admin, company = 'SK01') => fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-company': company } });

  /** The note's model in `lang`. */
  async function model(cmrId: number, lang: string): Promise<PrintForm> {
    const r = await get(`/api/print/cmr_notes_print?cmr_id=${cmrId}&lang=${lang}`);
    expect(r.status, await r.clone().text()).toBe(200);
    const batch = (await r.json()).data as PrintBatch;
    const block = batch.documents[0]!.blocks[0]!;
    if (block.kind !== 'form') throw new Error('expected a form');
    return block.form;
  }

  /** The note's PDF in `lang`: its pages, the text of a page, the text of a place on page 1 (mm from the form's top left), read by pdftotext -layout. */
  async function pdf(cmrId: number, lang: string, name: string) {
    const r = await get(`/api/print/cmr_notes_print/pdf?cmr_id=${cmrId}&lang=${lang}`);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const file = join(dir, `${name}-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const pages = Number(/Pages:\s+(\d+)/.exec(await run('pdfinfo', [file]))![1]);
    const page = (n: number) => run('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-']);
    // The form's top: box 1's number stands 1 mm inside its corner, the first word at the left margin + 1 mm.
    const bbox = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-']);
    const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }));
    const one = words.find((w) => w.text === '1' && Math.abs(w.x - pt(11)) < 1);
    expect(one, 'box 1’s number').toBeDefined();
    const top = one!.y - pt(1) - 1;
    const place = (x: number, y: number, w: number, h: number) =>
      run('pdftotext', [
        '-layout',
        '-enc',
        'UTF-8',
        '-f',
        '1',
        '-l',
        '1',
        ...[
          ['-x', pt(10 + x)],
          ['-y', top + pt(y)],
          ['-W', pt(w)],
          ['-H', pt(h)],
        ].flatMap(([o, v]) => [String(o), String(Math.round(Number(v)))]),
        file,
        '-',
      ]);
    return { pages, page, place, all: await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']) };
  }

  it('adds a note for an order chosen by its reference, with the customer’s address as consignee', async () => {
    const order = await one(
      `select o.order_id, o.fsm_reference, p.partner_name, a.address_line_1, a.zip_code, a.city from app.sales_orders o join app.partners p using (partner_id)
       join lateral (select * from app.partner_addresses a where a.partner_id = o.partner_id order by address_id limit 1) a on true
       where o.company_code = 'SK01' and not o.deleted and exists (select 1 from app.sales_order_items i where i.order_id = o.order_id) order by o.order_id limit 1`,
    );
    // The form's order is a choice searched by the reference users know.
    const found: Record<string, Json>[] = (await ok(admin, 'sales_orders_brief', 'list', { search: order.fsm_reference, startRow: 0, endRow: 50 }, 'SK01')).rows;
    expect(found.map((r) => r.order_name)).toContain(`${order.fsm_reference} · ${order.partner_name}`);
    const key = found.find((r) => String(r.order_name).startsWith(`${order.fsm_reference} `))!.order_id;
    expect(key).toBe(order.order_id);
    const note = (await ok(admin, 'cmr', 'add', { order_id: key, packages: 2 }, 'SK01')).row;
    expect(note.order_id).toBe(order.order_id);
    expect(note.consignee.split('\n')[0]).toBe(order.partner_name);
    expect(note.consignee).toContain(order.address_line_1);
    expect(note.consignee).toContain(`${order.zip_code} ${order.city}`);
    // Another company's orders are not offered.
    const cz: Record<string, Json>[] = (await ok(admin, 'sales_orders_brief', 'list', { search: order.fsm_reference, startRow: 0, endRow: 50 }, 'CZ01')).rows;
    expect(cz.map((r) => r.order_id)).not.toContain(order.order_id);
  });

  it('prints the 24 numbered boxes titled in German and English, the sender’s and consignee’s addresses and every goods line whole', async () => {
    const order = await one(
      `select o.order_id from app.sales_orders o where o.company_code = 'SK01' and not o.deleted and (select count(*) from app.sales_order_items i where i.order_id = o.order_id) between 2 and 6 order by o.order_id limit 1`,
    );
    const note = (
      await ok(
        admin,
        'cmr',
        'add',
        { order_id: order.order_id, packages: 3, packing: 'EUR pallet', hs_name: 'Kitchen utensils of stainless steel', hs_code: '8215 99', volume: 1.25, marks: 'SK-A1' },
        'SK01',
      )
    ).row;
    const f = await model(note.cmr_id, 'de');
    const numbers = [...f.boxes.map((b) => b.no), ...f.lines.columns.map((c) => c.no)].filter(Boolean).map(Number);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(f.boxes.find((b) => b.no === '2')!.titles).toEqual(['Empfänger (Name, Anschrift, Land)', 'Consignee (name, address, country)']);
    const items = await rows(
      `select it.product_code, p.product_name ->> 'de' as name from app.sales_order_items it join app.products p using (product_code) where it.order_id = $1 order by it.item_id`,
      [order.order_id],
    );
    expect(f.lines.rows.map((r) => r.marks)).toEqual(['SK-A1', ...items.map((i) => i.product_code)]);

    const { pages, place, all } = await pdf(note.cmr_id, 'de', 'form');
    expect(pages).toBe(1);
    expect(all).not.toContain('…');
    // Every box read on its own: its number, its titles, its whole text.
    for (const b of f.boxes) {
      const got = flat(await place(b.x, b.y, b.w, b.h));
      expect(got, `box ${b.no}`).toBe(flat([b.no, ...b.titles, b.text].join(' ')));
    }
    const sender = flat(await place(0, 0, 95, 26));
    for (const part of ['Dunaj Trade s.r.o.', 'Hlavná 12', '811 01 Bratislava', 'SK2020123456']) expect(sender).toContain(part);
    expect(flat(await place(0, 26, 95, 28))).toContain(flat(note.consignee));
    // Box 20: the carriage paid by the sender unless the note says the consignee (migration 125), in the note's language.
    const b20 = f.boxes.find((b) => b.no === '20')!;
    expect(flat(await place(b20.x, b20.y, b20.w, b20.h))).toContain('Frachtkosten: Absender');
    await ok(admin, 'cmr', 'set', { cmr_id: note.cmr_id, paid_by: 'consignee', row_version: note.row_version }, 'SK01');
    expect((await model(note.cmr_id, 'de')).boxes.find((b) => b.no === '20')!.text).toBe('Frachtkosten: Empfänger');
    expect((await model(note.cmr_id, 'en')).boxes.find((b) => b.no === '20')!.text).toBe('Carriage charges: Consignee');
    expect((await s.action(admin, 'cmr', 'set', { cmr_id: note.cmr_id, paid_by: 'carrier' }, 'SK01')).status).toBe(400);
    // The goods columns read each as its boxes' number and titles, then its lines in order.
    let x = f.lines.x;
    for (const c of f.lines.columns) {
      const got = flat(await place(x, f.lines.y, c.width, f.lines.h));
      expect(got, `box ${c.no}`).toBe(flat([c.no, ...c.titles, ...f.lines.rows.map((r) => r[c.key] ?? '')].join(' ')));
      x += c.width;
    }
    for (const it of items) expect(flat(all)).toContain(String(it.name).split(' ')[0]);
  });

  it('shrinks a very long description to fit its box whole, and continues what cannot fit on a continuation sheet', async () => {
    const words = Array.from({ length: 110 }, (_, i) => `Ware${i + 1}`).join(' ');
    const remarks = Array.from({ length: 80 }, (_, i) => `Vorbehalt${i + 1}`).join(' ');
    const note = (await ok(admin, 'cmr', 'add', { packages: 1, hs_name: words, consignee: 'Empfänger GmbH\nLange Straße 1\n10115 Berlin\nDE', remarks }, 'SK01')).row;
    const f = await model(note.cmr_id, 'de');
    const { pages, place, page } = await pdf(note.cmr_id, 'de', 'long');
    expect(pages).toBe(2);
    // Box 9 (the fourth column, after 24 + 16 + 22 mm): the whole description.
    const nine = f.lines.columns.findIndex((c) => c.no === '9');
    const x = f.lines.columns.slice(0, nine).reduce((sum, c) => sum + c.width, 0);
    expect(flat(await place(x, f.lines.y, f.lines.columns[nine]!.width, f.lines.h))).toContain(words);
    // Box 18 says where its text is; the continuation sheet holds it whole.
    const b18 = f.boxes.find((b) => b.no === '18')!;
    expect(flat(await place(b18.x, b18.y, b18.w, b18.h))).toContain(f.continued);
    const sheet = flat(await page(2));
    expect(sheet).toContain(f.continuation.title);
    expect(sheet).toContain(remarks);
  });

  it('lists sixty lines of goods: those that fit in boxes 6–12, the rest on the continuation sheet', async () => {
    const products = await rows(`select product_code from app.products where company_code = 'SK01' and length(product_name ->> 'de') between 3 and 24 order by product_code limit 60`);
    expect(products.length).toBe(60);
    const order = await one(`select order_id from app.sales_orders where company_code = 'SK01' and not deleted order by order_id limit 1`);
    const fresh = await one(
      `insert into app.sales_orders (company_code, partner_id, shop_id, currency_code) select company_code, partner_id, shop_id, currency_code from app.sales_orders where order_id = $1 returning order_id`,
      [order.order_id],
    );
    for (const p of products) await s.db.query(`insert into app.sales_order_items (order_id, product_code, quantity) values ($1, $2, 2)`, [fresh.order_id, p.product_code]);
    const note = (await ok(admin, 'cmr', 'add', { order_id: fresh.order_id, packages: 4 }, 'SK01')).row;
    const f = await model(note.cmr_id, 'de');
    expect(f.lines.rows).toHaveLength(61);
    const { pages, all } = await pdf(note.cmr_id, 'de', 'many');
    // The form, then the sheet (its table runs on to a page of its own where it must).
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = flat(all);
    expect(text).toContain(f.continued);
    expect(text).toContain(f.continuation.title);
    for (const r of f.lines.rows.slice(1)) expect(text, r.marks).toContain(r.goods);
    expect(all).not.toContain('…');
  });

  it('prints only the session company’s notes, for users with the CMR page', async () => {
    const sk = await one(`select cmr_id from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1`);
    expect((await get(`/api/print/cmr_notes_print/pdf?cmr_id=${sk.cmr_id}`, admin, 'CZ01')).status).toBe(404);
    // The warehouse role prints (the print area) but has no CMR page.
    const r = await get(`/api/print/cmr_notes_print?cmr_id=${sk.cmr_id}`, warehouse);
    expect([r.status, (await r.json()).error]).toEqual([403, 'forbidden']);
    expect((await get('/api/print/cmr_notes_print')).status).toBe(400);
  });
});
