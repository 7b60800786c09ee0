/**
 * PDF bench (BENCH_SKIP name `pdf`, issue 42): does the server answer others while it makes
 * PDFs? The real server as `npm start` runs it (a child process; PGlite in a scratch data
 * directory, and the PostgreSQL server in a scratch database) with the demo data. Idle:
 * product_list's first page (`POST /rpc/api_action` list, 100 rows and the count), one request
 * after another, the median of `runs`. Busy: three 500-label PDFs asked at once, and the same
 * list request, one after another, for as long as any of them is being made; `rounds` times.
 * Target: the busy median ≤ 1.5× the idle one. BENCH_PDF_ROOT runs another source tree's
 * server (a checkout before the change: the figures of PDFs drawn on the request thread).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ApiEngine } from './api.ts';
import { startChild } from './load.ts';
import { ratio, summarize, type Summary } from './stats.ts';

const COMPANY = 'SK01';
const LABELS = 500;
const PDFS = 3;
export const PDF_TARGET = 1.5;

export interface PdfEngineResult {
  engine: ApiEngine;
  idle?: Summary;
  busy?: Summary;
  /** From asking the three PDFs to the last one's last byte, per round. */
  pdfMs: number[];
  ratio: number;
  error?: string;
}

export interface PdfResult {
  runs: number;
  rounds: number;
  products: number;
  /** The source tree whose server ran (BENCH_PDF_ROOT), when not this one. */
  root?: string;
  results: PdfEngineResult[];
}

interface Client {
  list(): Promise<number>;
  pdf(): Promise<void>;
}

async function client(url: string): Promise<Client> {
  const login = await fetch(`${url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }) });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'x-company': COMPANY };
  const body = JSON.stringify({ entity: 'product_list', action: 'list', payload: { startRow: 0, endRow: 100, language: 'en' } });
  const first = await fetch(`${url}/rpc/api_action`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  if (first.status !== 200) throw new Error(`list: ${first.status} ${await first.text()}`);
  const codes = ((await first.json()) as { data: { rows: { product_code: string }[] } }).data.rows.map((r) => r.product_code).slice(0, 25);
  const query = new URLSearchParams(Array.from({ length: LABELS }, (_, i) => ['product_code', codes[i % codes.length]!])).toString();
  return {
    async list() {
      const t = performance.now();
      const r = await fetch(`${url}/rpc/api_action`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`list: ${r.status}`);
      return performance.now() - t;
    },
    async pdf() {
      const r = await fetch(`${url}/api/print/product_labels/pdf?${query}`, { headers });
      const bytes = await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`pdf: ${r.status} ${Buffer.from(bytes).toString('utf8', 0, 200)}`);
    },
  };
}

async function measure(c: Client, runs: number, rounds: number, log: (s: string) => void, engine: string): Promise<Omit<PdfEngineResult, 'engine'>> {
  for (let i = 0; i < 10; i++) await c.list(); // warm-up: JIT, pools, caches
  await c.pdf(); // the renderer's first start (a thread, its fonts) is not a render's cost
  const idle: number[] = [];
  for (let i = 0; i < runs; i++) idle.push(await c.list());
  const busy: number[] = [];
  const pdfMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let pending = PDFS;
    const t = performance.now();
    const pdfs = Promise.all(Array.from({ length: PDFS }, () => c.pdf().finally(() => pending--)));
    const before = busy.length;
    while (pending > 0) busy.push(await c.list());
    await pdfs;
    pdfMs.push(performance.now() - t);
    log(`pdf: ${engine}: round ${round + 1}/${rounds}: ${PDFS} PDFs in ${pdfMs.at(-1)!.toFixed(0)} ms, ${busy.length - before} list requests meanwhile`);
  }
  const s = { idle: summarize(idle), busy: summarize(busy) };
  return { ...s, pdfMs, ratio: ratio(s.busy.median, s.idle.median) };
}

export async function runPdfBench(o: { engines: ApiEngine[]; pgUrl: string; runs: number; rounds: number; products: number; root?: string; log: (s: string) => void }): Promise<PdfResult> {
  const out: PdfResult = { runs: o.runs, rounds: o.rounds, products: o.products, ...(o.root ? { root: o.root } : {}), results: [] };
  for (const engine of o.engines) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-pdf-'));
    const dbName = `bo_bench_pdf_${process.pid}_${randomBytes(4).toString('hex')}`;
    let databaseUrl: string | undefined;
    try {
      if (engine === 'postgres') {
        const admin = new pg.Client({ connectionString: o.pgUrl });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        const u = new URL(o.pgUrl);
        u.pathname = `/${dbName}`;
        databaseUrl = u.toString();
      }
      o.log(`pdf: ${engine}: starting the server (${o.products} demo products)`);
      const env = {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
        DEMO_DATA: '1',
        DEMO_PRODUCTS: String(o.products),
        UI_DIR: join(dataDir, 'no-ui'),
        WORKFLOW_TICK_MS: '0',
        MAIL_TICK_MS: '0',
        NEWS_TICK_MS: '0',
        ARRIVAL_TICK_MS: '0',
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      const server = await startChild(['src/server/main.ts'], env, /back office: http/, 1, o.root);
      try {
        const r = await measure(await client(server.url), o.runs, o.rounds, o.log, engine);
        out.results.push({ engine, ...r });
        o.log(`pdf: ${engine}: list idle ${r.idle!.median.toFixed(1)} ms, during ${PDFS} PDFs ${r.busy!.median.toFixed(1)} ms (${r.ratio.toFixed(2)}×)`);
      } finally {
        await server.stop();
      }
    } catch (e) {
      const error = e instanceof Error ? e.message.split('\n').slice(0, 3).join(' ') : String(e);
      out.results.push({ engine, pdfMs: [], ratio: NaN, error });
      o.log(`pdf: ${engine}: failed: ${error}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const d = new pg.Client({ connectionString: o.pgUrl });
        await d.connect();
        await d.query(`drop database if exists ${dbName} with (force)`);
        await d.end();
      }
    }
  }
  return out;
}

export const PDF_HEADING = '## PDFs off the request thread (issue 42)';

const ms = (s: Summary | undefined) => (s?.n ? `${s.median.toFixed(1)} (p95 ${s.p95.toFixed(1)}, n ${s.n})` : '—');

/** The report's section (docs/benchmarks.md). */
export function renderPdfSection(r: PdfResult, meta: { date: string; command: string; cores: number; cpu: string; load: { start: number; end: number } }): string[] {
  const out = [
    PDF_HEADING,
    '',
    `Measured ${meta.date.slice(0, 10)} (${meta.date.slice(11, 16)} UTC) by \`${meta.command}\` on ${meta.cores} cores (${meta.cpu}), load average ${meta.load.start.toFixed(2)} at the start, ${meta.load.end.toFixed(2)} at the end${r.root ? `; the server of ${r.root}` : ''} (tests/bench/pdf.ts). ` +
      `The real server as \`npm start\` runs it (a child process) with the demo data and ${r.products} demo products; the client in the bench process. ` +
      `Idle: product_list's first page (\`POST /rpc/api_action\` list, 100 rows and the count), ${r.runs} requests one after another. ` +
      `Busy: ${PDFS} PDFs of ${LABELS} labels asked at once (\`GET /api/print/product_labels/pdf\`) and the same list request, one after another, while any of them is being made; ${r.rounds} rounds. ` +
      `Target: busy median ≤ ${PDF_TARGET}× the idle median.`,
    '',
    `| engine | list idle, ms | list during ${PDFS} PDFs, ms | ratio | target | ${PDFS} PDFs, ms per round |`,
    '|---|---:|---:|---:|---|---:|',
  ];
  for (const e of r.results) {
    if (e.error) {
      out.push(`| ${e.engine} | not measured: ${e.error.replace(/\|/g, '/')} | | | | |`);
      continue;
    }
    out.push(`| ${e.engine} | ${ms(e.idle)} | ${ms(e.busy)} | ${e.ratio.toFixed(2)}× | ${e.ratio <= PDF_TARGET ? 'met' : '**not met**'} | ${e.pdfMs.map((x) => x.toFixed(0)).join(', ')} |`);
  }
  out.push('');
  return out;
}
