/**
 * The warehouse's print documents (issue 23): pick lists and arriving shipments, as the
 * model and as a PDF over real HTTP — the text layer (poppler's `pdftotext`) holds the
 * document's number and every line's product code in walking order (pick lists), the
 * number's Code 128 rendered at 300 dpi (`pdftoppm`) scans back with `zbarimg`, several
 * documents print as one file; another company's document is unknown (404), no session 401,
 * no print page 403, nothing asked 400.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import type { PrintBatch } from '../../src/core/print.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
async function zbar(png: string): Promise<string[]> {
  try {
    return (await run('zbarimg', ['-q', png])).trim().split('\n').filter(Boolean).sort();
  } catch (e) {
    if ((e as { code?: number }).code === 4) return [];
    throw e;
  }
}

describe.each(engines)('warehouse print documents on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let dir: string;
  const { rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    dir = mkdtempSync(join(tmpdir(), 'bo-print-docs-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string, token?: string, company?: string) =>
    fetch(`${s.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(company ? { 'x-company': company } : {}) } });

  /** The PDF's text, and what zbarimg reads on its first page at 300 dpi. */
  async function pdf(path: string, name: string): Promise<{ text: string; codes: string[]; pages: number }> {
    const r = await get(path, warehouse, 'SK01');
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const file = join(dir, `${name}-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const text = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    await run('pdftoppm', ['-r', '300', '-png', '-singlefile', '-f', '1', '-l', '1', file, join(dir, `${name}-${engine}`)]);
    const info = await run('pdfinfo', [file]);
    return { text, codes: await zbar(join(dir, `${name}-${engine}.png`)), pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
  }

  it('prints a pick list: its number scans back, its lines in walking order with product codes and orders, in German', async () => {
    const made = (await s.action(warehouse, 'pick_list_create', 'add', {}, 'SK01')).body.data;
    const lines = await rows(
      `select it.product_code, o.fsm_reference from app.pick_list_items i join app.sales_order_items it using (item_id) join app.sales_orders o using (order_id)
       join app.storages s on s.storage_id = i.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
       where i.pick_list_id = $1 order by sh.walk_order, sh.shelf_code, s.position, s.storage_code, i.pick_item_id`,
      [made.pick_list_id],
    );
    expect(lines.length).toBeGreaterThan(0);
    const model = (await (await get(`/api/print/pick_lists_print?pick_list_id=${made.pick_list_id}&lang=de`, warehouse, 'SK01')).json()).data as PrintBatch;
    expect(model.documents).toHaveLength(1);
    expect(model.documents[0]!.title).toBe(`Kommissionierliste ${made.pick_list_no}`);
    const table = model.documents[0]!.blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('expected a table');
    expect(table.table.rows.map((r) => [r.code, r.order])).toEqual(lines.map((l) => [l.product_code, l.fsm_reference]));

    const { text, codes } = await pdf(`/api/print/pick_lists_print/pdf?pick_list_id=${made.pick_list_id}&lang=de`, 'pick');
    expect(text).toContain(made.pick_list_no);
    for (const l of lines.slice(0, 20)) expect(text).toContain(l.product_code);
    expect(text).toContain('Lagerplatz');
    expect(codes).toContain(`CODE-128:${made.pick_list_no}`);
  });

  it('prints arriving shipments: several purchase orders in one file, each number scanning back, the open lines with their home storage', async () => {
    const pos = await rows("select po_id, fsm_reference from app.v_arriving_shipments where company_code = 'SK01' order by po_id limit 2");
    expect(pos.length).toBe(2);
    const q = pos.map((p) => `po_id=${p.po_id}`).join('&');
    const model = (await (await get(`/api/print/arriving_shipments_print?${q}&lang=hu`, warehouse, 'SK01')).json()).data as PrintBatch;
    expect(model.documents.map((d) => d.title)).toEqual(pos.map((p) => `Érkező szállítmány ${p.fsm_reference}`));
    const { text, codes, pages } = await pdf(`/api/print/arriving_shipments_print/pdf?${q}&lang=hu`, 'shipments');
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const p of pos) expect(text).toContain(p.fsm_reference);
    const items = await rows('select product_code from app.purchase_order_items where po_id = any($1::int[])', [pos.map((p) => p.po_id)]);
    for (const it of items) expect(text).toContain(it.product_code);
    expect(codes).toContain(`CODE-128:${pos[0]!.fsm_reference}`);
  });

  /**
   * The words pdftotext finds in the header row of the first table on page 1: below the
   * first column's top cell (x = left margin + cell padding) and above the first body row's
   * first cell (`firstCell`).
   */
  async function headerWords(path: string, name: string, firstCell: string): Promise<string[]> {
    const r = await get(path, warehouse, 'SK01');
    expect(r.status, await r.clone().text()).toBe(200);
    const file = join(dir, `${name}-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const html = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-']);
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"'),
    }));
    const cellLeft = ((10 + 1.2) * 72) / 25.4;
    const firstColumn = words.filter((w) => Math.abs(w.x - cellLeft) < 0.5);
    const top = Math.min(...firstColumn.map((w) => w.y));
    const bottom = Math.min(...firstColumn.filter((w) => w.text === firstCell.split(/\s+/)[0] && w.y > top).map((w) => w.y));
    expect(bottom).toBeLessThan(Infinity);
    return words.filter((w) => w.y >= top && w.y < bottom).map((w) => w.text);
  }

  it('breaks no table header inside a word, in any of the seven languages (pdftotext reads each header word whole)', async () => {
    const po = (await one("select po_id from app.v_arriving_shipments where company_code = 'SK01' order by po_id limit 1")).po_id;
    const made = (await s.action(warehouse, 'pick_list_create', 'add', {}, 'SK01')).body.data;
    const list = made?.pick_list_id ?? (await one("select pick_list_id from app.pick_lists where company_code = 'SK01' order by pick_list_id limit 1")).pick_list_id;
    for (const lang of LANGS)
      for (const [key, query] of [
        ['arriving_shipments_print', `po_id=${po}`],
        ['pick_lists_print', `pick_list_id=${list}`],
      ] as const) {
        const model = (await (await get(`/api/print/${key}?${query}&lang=${lang}`, warehouse, 'SK01')).json()).data as PrintBatch;
        const table = model.documents[0]!.blocks.find((b) => b.kind === 'table');
        if (table?.kind !== 'table') throw new Error('expected a table');
        expect(table.table.rows.length, `${key} has lines`).toBeGreaterThan(0);
        const titles = table.table.columns.map((c) => c.title);
        // A header word is whole, or split only after a hyphen (where a line may break).
        const whole = titles.flatMap((t) => t.split(/\s+/).filter(Boolean));
        const allowed = new Set([...whole, ...whole.flatMap((w) => w.split(/(?<=-)(?=\p{L})/u))]);
        const found = await headerWords(`/api/print/${key}/pdf?${query}&lang=${lang}`, `${key}-${lang}`, table.table.rows[0]![table.table.columns[0]!.key]!);
        expect(
          found.filter((w) => !allowed.has(w)),
          `${lang} ${key}: header ${JSON.stringify(titles)} read as ${JSON.stringify(found)}`,
        ).toEqual([]);
        for (const w of whole) expect(found.includes(w) || w.split(/(?<=-)(?=\p{L})/u).every((p) => found.includes(p)), `${lang} ${key}: "${w}" in ${JSON.stringify(found)}`).toBe(true);
      }
  });

  it('refuses another company’s document, no session, no print page and nothing asked', async () => {
    const cz = (await one("select pick_list_id from app.pick_lists where company_code = 'CZ01' order by pick_list_id limit 1")).pick_list_id;
    expect((await get(`/api/print/pick_lists_print?pick_list_id=${cz}`, admin, 'SK01')).status).toBe(404);
    expect((await get(`/api/print/pick_lists_print?pick_list_id=${cz}`)).status).toBe(401);
    expect((await get(`/api/print/arriving_shipments_print?po_id=1`, catalog)).status).toBe(403);
    const none = await get('/api/print/pick_lists_print', admin, 'SK01');
    expect([none.status, (await none.json()).error]).toEqual([400, 'print_nothing']);
    expect((await get('/api/print/pick_lists_print?pick_list_id=abc', admin, 'SK01')).status).toBe(400);
  });
});
