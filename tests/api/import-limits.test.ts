import ExcelJS from 'exceljs';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING, PARSERS } from '../../src/server/transfer/parsePool.ts';
import { MAX_UNZIPPED } from '../../src/server/transfer/sheet.ts';
import { lyingXlsx } from '../zipFixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const MB = 1024 * 1024;
const BIG_ROWS = 40_000;

/** The process's peak RSS, sampled on a thread of its own: it samples even while the server's thread is busy. */
function rssSampler(): { peak(): Promise<number>; stop(): Promise<number> } {
  const w = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = process.memoryUsage.rss();
     setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
     parentPort.on('message', () => parentPort.postMessage(peak));`,
    { eval: true },
  );
  const peak = () => new Promise<number>((resolve) => (w.once('message', resolve), w.postMessage(0)));
  return { peak, stop: async () => (await peak().finally(() => void w.terminate())) as number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const CSV_ROWS = 95_000;
/** 95,000 rows of 10 cells (~8 MB): papaparse takes a few hundred milliseconds, in one piece. */
const bigCsv = () => {
  const lines = ['Brand;Active;Price;Since;Code;A;B;C;D;E'];
  for (let i = 0; i < CSV_ROWS; i++) lines.push(`"Brand ${i}; Ltd.";${i % 2 ? 'yes' : 'no'};${i},25;2024-01-${String(1 + (i % 28)).padStart(2, '0')};C-${i};${i};x${i % 97};${i / 3};same;tail ${i}`);
  return new TextEncoder().encode(lines.join('\r\n'));
};

let bigFile: Promise<Uint8Array> | undefined;
/** 40,000 rows of 10 cells (~2.3 MB): about a second of parsing. */
const bigWorkbook = () =>
  (bigFile ??= (async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Brands');
    ws.addRow(['Brand', 'Active', 'Price', 'Since', 'Code', 'A', 'B', 'C', 'D', 'E']);
    for (let i = 0; i < BIG_ROWS; i++) ws.addRow([`Brand ${i}`, i % 2 === 0, i * 1.25, new Date(Date.UTC(2024, 0, 1 + (i % 300))), `C-${i}`, i, `x${i % 97}`, i / 3, 'same', `tail ${i}`]);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  })());

// Parsing touches no SQL, so one engine tells all: PGlite's, whose database shares the request
// thread (the harder case for "answers other requests meanwhile"); on both, this file was a
// tenth of the suite's API time for the same checks twice.
describe('import parsing limits (on PGlite)', () => {
  let s: TestServer, admin: string;
  beforeAll(async () => {
    s = await startTestServer('pglite', { config: { demoProducts: 0 } });
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  const importFile = (name: string, content: Uint8Array) => {
    const fd = new FormData();
    fd.set('file', new Blob([content as BlobPart]), name);
    fd.set('mode', 'inspect');
    fd.set('language', 'en');
    return fetch(`${s.url}/api/import/brands`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}` } });
  };

  it('stops inflating an XLSX whose sheet declares 1,000 bytes at the limit: 413 file_unpacks_too_large, memory bounded', async () => {
    const bomb = await lyingXlsx(1024 * MB); // inflates to 1 GiB
    expect(bomb.length).toBeLessThan(2 * MB);
    const rss = rssSampler();
    const before = await rss.peak();
    const r = await importFile('bomb.xlsx', bomb);
    const peak = await rss.stop();
    expect(await r.json()).toEqual({ error: 'file_unpacks_too_large', message: 'file: the workbook unpacks to more than 256 MB', params: { limit: 256 } });
    expect(r.status).toBe(413);
    // What the limit holds, and room for the parser thread: far from the 1 GiB the entry holds.
    expect(peak - before).toBeLessThan(MAX_UNZIPPED + 192 * MB);
  });

  // CSV is read in one synchronous piece (on the request thread it stalls every other request); exceljs yields between chunks but takes the thread's CPU.
  it.each([
    ['CSV', 'big.csv', CSV_ROWS, async () => bigCsv()],
    ['XLSX', 'big.xlsx', BIG_ROWS, bigWorkbook],
  ] as const)('answers other requests while a large %s is parsed (relative to their time before)', async (_kind, name, rows, file) => {
    const big = await file();
    const probe = async () => {
      const t = performance.now();
      const r = await s.post('/rpc/init', {});
      expect(r.status).toBe(200);
      return performance.now() - t;
    };
    for (let i = 0; i < 5; i++) await probe();
    const before: number[] = [];
    for (let i = 0; i < 20; i++) before.push(await probe());

    let importing = true;
    const started = performance.now();
    const reply = importFile(name, big).finally(() => (importing = false));
    const during: number[] = [];
    while (importing) during.push(await probe());
    const r = await reply;
    const importMs = performance.now() - started;
    expect(r.status).toBe(200);
    expect((await r.json()).rows).toBe(rows);

    const usual = median(before);
    expect(importMs).toBeGreaterThan(20 * usual); // there was a parse to wait for
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(median(during)).toBeLessThan(10 * usual);
  });

  it('lets at most PARSERS files parse and MAX_WAITING wait; more get 503 import_busy with Retry-After', async () => {
    const bomb = await lyingXlsx(512 * MB); // ~0.3 s each to reach the limit, one after another per parser
    const replies = await Promise.all(Array.from({ length: PARSERS + MAX_WAITING + 3 }, () => importFile('bomb.xlsx', bomb)));
    const busy = replies.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers.get('retry-after')).toBe('10');
    expect(await busy[0]!.json()).toEqual({ error: 'import_busy', message: 'Too many imports are being read; try again shortly', params: { retry_after: 10 } });
    expect(replies.filter((r) => r.status === 413).length).toBe(replies.length - busy.length);
  });
});
