/**
 * Product labels in the browser (issue 23 point 4): two products picked on /de/products/
 * product_list open on the print page with "Etiketten drucken"; the labels are drawn in
 * German with their barcodes as SVG (Code 128 and QR); "PDF herunterladen" saves the
 * server's PDF, whose text holds the codes; printed by Chromium, the page is A4 and without
 * its buttons. Only a signed-in user reaches the page.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { row, rowKeys, tool } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8' })).stdout;
const dir = mkdtempSync(join(tmpdir(), 'bo-print-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('product labels', () => {
  it('needs a signed-in user', async () => {
    await t.page.goto(`${t.server.url}/de/print/product_labels?product_code=P000001`);
    await t.page.waitForURL((u) => u.pathname === '/de/login');
  });

  it('prints the picked products’ labels in German with barcodes, as a page and as a PDF', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    const codes = await rowKeys(2);
    for (const code of codes) await row(code).locator('[role=checkbox]').first().click();
    const button = tool('.grid-bulk-print-labels');
    await expect.poll(() => button.innerText()).toBe(`${de['print.labels_action']} (2)`);
    const loads: string[] = [];
    t.context.on('request', (r) => void (new URL(r.url()).pathname === '/api/print/product_labels' && loads.push(r.url())));
    const [labels] = await Promise.all([t.context.waitForEvent('page'), button.click()]);
    await labels.waitForURL((u) => u.pathname === '/de/print/product_labels');
    expect(new URL(labels.url()).searchParams.getAll('product_code')).toEqual(codes);

    const label = labels.locator('.print-document .print-label');
    await expect.poll(() => label.count(), { timeout: 15_000 }).toBe(2);
    const products = await t.server.db.query<{ product_code: string; name: string }>(`select product_code, product_name ->> 'de' as name from app.products where product_code = any($1::text[])`, [
      codes,
    ]);
    const nameOf = new Map(products.rows.map((p) => [p.product_code, p.name]));
    for (const [i, code] of codes.entries()) {
      const l = label.nth(i);
      expect(await l.locator('.print-label-heading').innerText()).toBe(nameOf.get(code));
      expect(await l.locator('.print-label-line').first().innerText()).toMatch(/^Preis: .*€$/);
      expect(await l.locator('figcaption').innerText()).toBe(code);
      const code128 = l.locator('svg.print-barcode[data-symbology="code128"]');
      expect(await code128.getAttribute('data-value')).toBe(code);
      expect(await code128.locator('rect').count()).toBeGreaterThan(10);
      expect(await l.locator('svg.print-barcode[data-symbology="qrcode"] rect').count()).toBeGreaterThan(20);
    }
    expect(await labels.locator('.print-title').innerText()).toBe(de['screens.product_labels.title']);
    // One load of the document (a request started in render would be made again and again).
    expect(loads).toHaveLength(1);
    await labels.screenshot({ path: join(dir, 'labels.png') });
    // The document is 210 mm wide (96 px per inch), its labels 190 mm.
    const width = (sel: string) => labels.locator(sel).evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs((await width('.print-document')) - (210 / 25.4) * 96)).toBeLessThan(2);
    expect(Math.abs((await width('.print-labels')) - (190 / 25.4) * 96)).toBeLessThan(2);

    // Download PDF: the server's PDF of the same labels.
    const [download] = await Promise.all([labels.waitForEvent('download'), labels.getByRole('button', { name: de['print.download_pdf'] }).click()]);
    expect(download.suggestedFilename()).toBe(`${de['screens.product_labels.title']}.pdf`);
    const text = await run('pdftotext', [(await download.path())!, '-']);
    for (const code of codes) expect(text).toContain(code);
    expect(text).toContain(nameOf.get(codes[0]!)!.split(' ')[0]);

    // Print: Chromium's print of the page is A4 (the page's @page rule), without the buttons.
    await labels.emulateMedia({ media: 'print' });
    expect(await labels.locator('.print-actions').isVisible()).toBe(false);
    expect(await labels.locator('.print-toolbar').isVisible()).toBe(false);
    const printed = join(dir, 'printed.pdf');
    writeFileSync(printed, await labels.pdf({ preferCSSPageSize: true }));
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(await run('pdfinfo', [printed]));
    // A4 is 595.28 × 841.89 pt; Chromium rounds to its own units.
    expect(Math.abs(Number(size?.[1]) - 595.28)).toBeLessThan(1);
    expect(Math.abs(Number(size?.[2]) - 841.89)).toBeLessThan(1);
    const printedText = await run('pdftotext', [printed, '-']);
    for (const code of codes) expect(printedText).toContain(code);
    expect(printedText).not.toContain(de['print.download_pdf']);
    expect(printedText).not.toContain(de['chrome.print']);
  }, 120_000);

  it('says what to do without products, and names a product the company does not have', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/print/product_labels`);
    const alert = t.page.locator('.print-document [role=alert]');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toBe(de['print.choose_product_labels']);
    const hu = (await t.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' order by product_code limit 1`)).rows[0]!.product_code;
    await t.page.goto(`${t.server.url}/de/print/product_labels?product_code=${hu}`);
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toBe(de['server.unknown_product']!.replace('{value}', hu));
    expect(await t.page.locator('.print-label').count()).toBe(0);
  }, 60_000);
});
