/**
 * PDFs are drawn off the request thread (issue 42, src/server/print/pdfPool.ts): while three
 * 500-label PDFs are being made, a product list request is answered before any of them —
 * no clock: the order of the answers is the signal — and the PDFs were made on renderer
 * threads (the pool counts the threads' answers). A PDF has at most MAX_PDF_PAGES pages
 * (400 print_too_many_pages), and more PDFs than the renderers and the queue hold are
 * refused (503 print_busy with Retry-After).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintBatch } from '../../src/core/print.ts';
import { MAX_LABELS } from '../../src/server/print/documents.ts';
import { MAX_PDF_PAGES, MAX_WAITING, RENDERERS, pdfPool, renderPdfOffThread } from '../../src/server/print/pdfPool.ts';
import { serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8' })).stdout;

/** A batch of `n` documents of a title each: a page each. */
const pages = (n: number): PrintBatch => ({
  key: 'product_labels',
  lang: 'en',
  fileName: 'pages',
  documents: Array.from({ length: n }, (_, i) => ({ title: `Page ${i + 1}`, meta: [], blocks: [] })),
});

/** Resolves when the pool has taken `n` more jobs (running or waiting). */
function jobsTaken(n: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onJob = () => {
      if (++seen < n) return;
      pdfPool.off('job', onJob);
      resolve();
    };
    pdfPool.on('job', onJob);
  });
}

// Drawing touches no SQL past the labels' rows, so one engine tells all: PGlite's, whose database
// shares the request thread (the harder case for "answers a list meanwhile"), and whose server
// is in this process with the pool counted here (a PostgreSQL server may be a child: TEST_WORKERS).
describe('PDFs off the request thread (on PGlite)', () => {
  const engine = 'pglite';
  let s: TestServer, admin: string, warehouse: string, codes: string[];
  let dir: string;
  const { rows } = serverHelpers(() => s);
  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
    codes = (await rows(`select product_code from app.products where company_code = 'SK01' order by product_code limit 25`)).map((r) => r.product_code);
    dir = mkdtempSync(join(tmpdir(), 'bo-print-pool-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const labelsPdf = () =>
    fetch(`${s.url}/api/print/product_labels/pdf?${new URLSearchParams(Array.from({ length: MAX_LABELS }, (_, i) => ['product_code', codes[i % codes.length]!]))}`, {
      headers: { authorization: `Bearer ${warehouse}`, 'x-company': 'SK01' },
    });

  // Three PDFs one after another on a renderer that yields to the request thread: a crowded machine needs minutes.
  it('answers a product list while three 500-label PDFs are made, before any of them, and makes them on renderer threads', async () => {
    const before = pdfPool.stats().done;
    const taken = jobsTaken(3);
    let pdfsDone = 0;
    const pdfs = [labelsPdf(), labelsPdf(), labelsPdf()].map(async (r) => {
      const res = await r;
      const bytes = Buffer.from(await res.arrayBuffer());
      pdfsDone++;
      return { status: res.status, bytes };
    });
    // All three are being drawn (or wait for a renderer): the request thread is asked for a list meanwhile.
    // (PDFs drawn on the request thread never reach the pool: then the list is asked after them, and comes too late.)
    await Promise.race([taken, Promise.all(pdfs)]);
    const list = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 100, language: 'en' }, 'SK01');
    expect(list.status).toBe(200);
    expect((list.body as { data: { rows: unknown[] } }).data.rows.length).toBeGreaterThan(0);
    expect(pdfsDone).toBe(0); // the list did not wait for a PDF

    const made = await Promise.all(pdfs);
    for (const p of made) {
      expect(p.status).toBe(200);
      expect(p.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const file = join(dir, `labels-${engine}.pdf`);
    writeFileSync(file, made[0]!.bytes);
    expect(Number(/Pages:\s+(\d+)/.exec(await run('pdfinfo', [file]))?.[1])).toBe(MAX_LABELS / 10);
    // Each PDF was a renderer thread's answer.
    expect(pdfPool.stats().done - before).toBe(3);
  }, 240_000);
});

describe('the PDF renderers', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'bo-print-pages-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a PDF past MAX_PDF_PAGES pages with 400 print_too_many_pages, and makes one of exactly that many', async () => {
    await expect(renderPdfOffThread(pages(MAX_PDF_PAGES + 1))).rejects.toMatchObject({ status: 400, code: 'print_too_many_pages', params: { limit: MAX_PDF_PAGES } });
    const file = join(dir, 'max-pages.pdf');
    writeFileSync(file, await renderPdfOffThread(pages(MAX_PDF_PAGES)));
    expect(Number(/Pages:\s+(\d+)/.exec(await run('pdfinfo', [file]))?.[1])).toBe(MAX_PDF_PAGES);
  });

  it('refuses the PDFs beyond the renderers and the queue with 503 print_busy and Retry-After; the others are made', async () => {
    // Asked together, before any is answered: RENDERERS run, MAX_WAITING wait, the rest are refused at once.
    const asked = Array.from({ length: RENDERERS + MAX_WAITING + 2 }, () =>
      renderPdfOffThread(pages(1)).then(
        (pdf) => ({ pdf }),
        (error: unknown) => ({ error }),
      ),
    );
    const answers = await Promise.all(asked);
    const refused = answers.filter((a) => 'error' in a);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.error).toMatchObject({ status: 503, code: 'print_busy', headers: { 'Retry-After': '5' }, params: { retry_after: 5 } });
    expect(answers.filter((a) => 'pdf' in a)).toHaveLength(RENDERERS + MAX_WAITING);
  });
});
