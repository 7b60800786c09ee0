/**
 * Product labels (src/server/print/, docs/print-and-reports.md "Print documents"): the model as
 * JSON and the same document as a PDF over real HTTP — poppler's `pdftotext` finds the
 * product codes, names (a Bulgarian one too) and prices in the text layer, and every barcode
 * of every page, rendered at 300 dpi by `pdftoppm`, decodes back to its code with zbar's
 * `zbarimg` (Code 128 and QR). A batch is one PDF of several pages. Refusals: no session
 * (401), no print page (403), another company's or an unknown product (404), nothing or
 * too much to print (400).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4, type PrintBatch } from '../../src/core/print.ts';
import { MAX_LABELS } from '../../src/server/print/documents.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

/**
 * The tools run as child processes without blocking this process's event loop: a blocked loop
 * cannot notice the test server closing an idle keep-alive connection, and fetch would reuse it.
 */
const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;

const BG_NAME = 'Гира за упражнения Ъ-313';

/** The text layer of a PDF (pdftotext, reading order as laid out). */
const pdfText = (file: string) => run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);

/** The barcodes zbarimg finds in an image, as `SYMBOLOGY:value` (exit 4: none). */
async function zbar(png: string): Promise<string[]> {
  try {
    return (await run('zbarimg', ['-q', png])).trim().split('\n').filter(Boolean).sort();
  } catch (e) {
    if ((e as { code?: number }).code === 4) return [];
    throw e;
  }
}

/**
 * Each label of a labels PDF rendered at 300 dpi on its own and scanned, as a scanner reads
 * one label: the label is found by its code's caption in the text layer (pdftotext -bbox;
 * the caption is the label's lowest text, under its linear code), and cut out of its page by
 * the model's label size and columns. Answers per label the caption and what zbarimg read.
 */
async function scanLabels(file: string, dir: string, block: { columns: number; labelHeight: number }, codes: Set<string>): Promise<{ caption: string; page: number; read: string[] }[]> {
  mkdirSync(dir, { recursive: true });
  const xml = await run('pdftotext', ['-bbox', file, '-']);
  const pt = 72 / 25.4;
  const px = (x: number) => Math.round((x * 300) / 72);
  const colWidth = (A4.content / block.columns) * pt;
  const out: { caption: string; page: number; read: string[] }[] = [];
  for (const [i, page] of xml.split('<page ').slice(1).entries()) {
    const words = [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[4]),
      text: m[5]!,
    }));
    // Captions: the codes' words (the names of the products printed here do not hold a code).
    const captions = words.filter((w) => codes.has(w.text));
    captions.sort((a, b) => Math.round(a.y) - Math.round(b.y) || a.x - b.x);
    for (const c of captions) {
      const col = Math.floor((c.x - A4.margin * pt) / colWidth);
      const left = A4.margin * pt + col * colWidth + pt;
      const bottom = c.y + 4 * pt;
      const png = join(dir, `p${i + 1}-${col}-${Math.round(c.y)}`);
      const box = [px(left), px(bottom - (block.labelHeight - 2) * pt), px(colWidth - 2 * pt), px((block.labelHeight - 2) * pt)].map(String);
      await run('pdftoppm', ['-r', '300', '-png', '-singlefile', '-f', String(i + 1), '-l', String(i + 1), '-x', box[0]!, '-y', box[1]!, '-W', box[2]!, '-H', box[3]!, file, png]);
      out.push({ caption: c.text, page: i + 1, read: await zbar(`${png}.png`) });
    }
  }
  return out;
}

describe.each(engines)('product labels on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let sk: string[], hu: string;
  let dir: string;
  const { rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    sk = (await rows(`select product_code from app.products where company_code = 'SK01' and selling_price_shop is not null order by product_code limit 12`)).map((r) => r.product_code);
    hu = (await one(`select product_code from app.products where company_code = 'HU01' order by product_code limit 1`)).product_code;
    await s.db.query(`update app.products set product_name = product_name || jsonb_build_object('bg', $1::text) where product_code = $2`, [BG_NAME, sk[0]]);
    dir = mkdtempSync(join(tmpdir(), 'bo-print-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const qs = (codes: string[], lang?: string) => new URLSearchParams([...codes.map((c) => ['product_code', c]), ...(lang ? [['lang', lang]] : [])]).toString();
  const get = (path: string, token?: string, company?: string) =>
    fetch(`${s.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(company ? { 'x-company': company } : {}) } });

  it('builds the labels in the asked language, one per code asked, in order, with Code 128 and QR of the code', async () => {
    const r = await get(`/api/print/product_labels?${qs([sk[1]!, sk[0]!, sk[1]!], 'bg')}`, warehouse, 'SK01');
    expect(r.status).toBe(200);
    const batch = (await r.json()).data as PrintBatch;
    expect(batch).toMatchObject({ key: 'product_labels', lang: 'bg', fileName: 'Етикети на продукти' });
    expect(batch.documents).toHaveLength(1);
    const block = batch.documents[0]!.blocks[0]!;
    if (block.kind !== 'labels') throw new Error('expected labels');
    expect(block.labels.map((l) => l.code)).toEqual([sk[1], sk[0], sk[1]]);
    expect(block.labels[1]!.heading).toBe(BG_NAME);
    expect(block.labels[1]!.barcodes).toEqual([
      { symbology: 'code128', value: sk[0] },
      { symbology: 'qrcode', value: sk[0] },
    ]);
    expect(block.labels[1]!.lines[0]).toMatch(/^Цена: .*€/);
  });

  it('gives the same labels as a PDF whose text holds the codes and names and whose every barcode scans back', async () => {
    const r = await get(`/api/print/product_labels/pdf?${qs(sk, 'bg')}`, warehouse, 'SK01');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Етикети на продукти.pdf')}`);
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = join(dir, `labels-${engine}.pdf`);
    writeFileSync(file, bytes);

    const text = await pdfText(file);
    for (const code of sk) expect(text).toContain(code);
    expect(text).toContain(BG_NAME);
    expect(text).toContain('Етикети на продукти');
    expect(text).toContain('Цена:');
    const names = await rows(`select product_code, product_name ->> 'bg' as name from app.products where product_code = any($1::text[])`, [sk]);
    // Long names are cut at two lines on a label: each name's first words are there.
    for (const n of names) expect(text.replace(/\s+/g, ' ')).toContain(String(n.name).split(' ').slice(0, 2).join(' '));

    // 12 labels at 10 a page: a batch of two pages; every label's two barcodes read back, each label scanned on its own.
    expect(Number(/Pages:\s+(\d+)/.exec(await run('pdfinfo', [file]))?.[1])).toBe(2);
    const scanned = await scanLabels(file, join(dir, engine), { columns: 2, labelHeight: 50 }, new Set(sk));
    expect(scanned.map((l) => l.caption)).toEqual(sk);
    expect(scanned.map((l) => l.page)).toEqual([...Array(10).fill(1), 2, 2]);
    for (const l of scanned) expect(l.read, l.caption).toEqual([`CODE-128:${l.caption}`, `QR-Code:${l.caption}`]);
    // The whole first page, as a flatbed scan: every linear code on it.
    await run('pdftoppm', ['-r', '300', '-png', '-singlefile', '-f', '1', '-l', '1', file, join(dir, `page1-${engine}`)]);
    expect((await zbar(join(dir, `page1-${engine}.png`))).filter((x) => x.startsWith('CODE-128:'))).toEqual(
      sk
        .slice(0, 10)
        .map((c) => `CODE-128:${c}`)
        .sort(),
    );
  });

  it('prints in the user’s language when none is asked, and in the company the session chose', async () => {
    const r = await get(`/api/print/product_labels/pdf?${qs([hu])}`, admin, 'HU01');
    expect(r.status).toBe(200);
    const file = join(dir, `hu-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const text = await pdfText(file);
    expect(text).toContain(hu);
    expect(text).toContain('Product labels');
  });

  it('refuses without a session, without the print page, and another company’s or an unknown product', async () => {
    const path = `/api/print/product_labels/pdf?${qs([sk[0]!])}`;
    expect((await get(path)).status).toBe(401);
    expect((await get(`/api/print/product_labels?${qs([sk[0]!])}`)).status).toBe(401);
    const denied = await get(path, catalog, 'SK01');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: 'forbidden' });
    // HU01's product with the session in SK01: as unknown as a code that does not exist.
    for (const code of [hu, 'NO-SUCH-PRODUCT']) {
      const r = await get(`/api/print/product_labels/pdf?${qs([sk[0]!, code])}`, warehouse, 'SK01');
      expect(r.status).toBe(404);
      expect(await r.json()).toMatchObject({ error: 'unknown_product', params: { value: code } });
    }
    // A company the user does not have.
    expect((await get(path, warehouse, 'CZ01')).status).toBe(403);
  });

  it('refuses nothing to print, too many labels, a malformed code and an unknown document with a 4xx', async () => {
    const none = await get('/api/print/product_labels/pdf', warehouse, 'SK01');
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'print_nothing' });
    const many = await get(`/api/print/product_labels?${qs(Array.from({ length: MAX_LABELS + 1 }, () => sk[0]!))}`, warehouse, 'SK01');
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ error: 'print_too_many', params: { limit: MAX_LABELS } });
    const bad = await get(`/api/print/product_labels?${qs(["x' or 1=1 --"])}`, warehouse, 'SK01');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'bad_request', params: { field: 'product_code' } });
    const unknown = await get(`/api/print/pick_list_nope?${qs([sk[0]!])}`, warehouse, 'SK01');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'bad_data_source' });
  });

  it('prints the most labels it takes in one PDF', async () => {
    const r = await get(`/api/print/product_labels/pdf?${qs(Array.from({ length: MAX_LABELS }, (_, i) => sk[i % sk.length]!))}`, warehouse, 'SK01');
    expect(r.status).toBe(200);
    const file = join(dir, `max-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const pages = /Pages:\s+(\d+)/.exec(await run('pdfinfo', [file]))?.[1];
    expect(Number(pages)).toBe(MAX_LABELS / 10);
  });
});
