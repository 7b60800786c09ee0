/**
 * Load bench (BENCH_SKIP name `load`): autocannon on loopback, 32 connections, against
 * product_list's first page — `POST /rpc/api_action` list with a token, as the grid asks
 * for it — on the PostgreSQL server, served by the real server as `npm start` runs it
 * (a child process) with WORKERS=1 and WORKERS=2, and by a bare node:http endpoint running
 * the same SQL with pg (loadBare.ts; page query and count). Throughput and latency
 * percentiles per server; the targets are ratios in the same run: p99 ≤ 2× the bare
 * endpoint's, 2 processes ≥ 1.6× the requests/s of 1, and (issue 49 point 4) 1 process ≥ 0.9×
 * the bare endpoint's requests/s — those two alternate for BENCH_LOAD_ROUNDS rounds, the
 * median round of each reported. Beside them, the CPU time each server process used per
 * request (from /proc): a figure other work on the machine moves less than throughput. The
 * load generator, the servers and PostgreSQL share the machine's cores: on a 2-core machine
 * two workers cannot double.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { rowFields } from '../../src/server/actions/engine/rows.ts';
import { freePort } from '../api/freePort.ts';
import { scratchDatabase } from '../setup/scratchDatabase.ts';

const root = join(import.meta.dirname, '..', '..');
const COMPANY = 'SK01';
const PAGE = 100;

export interface LoadRun {
  name: string;
  requestsPerS: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU time the server process used per request answered (user + system; Linux /proc), NaN where unknown. */
  cpuMsPerRequest: number;
}

export interface LoadResult {
  connections: number;
  durationS: number;
  /** Alternating rounds of the bare endpoint and 1 app process (the median round of each is reported). */
  rounds?: number;
  products: number;
  runs: LoadRun[];
  error?: string;
}

interface Child {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A server (or the bare endpoint) as a child process run by tsx, once it printed `ready` `count` times; `cwd`: the source tree it runs. */
export async function startChild(args: string[], env: Record<string, string>, ready: RegExp, count = 1, cwd = root): Promise<Child> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start in 600 s:\n${out}`)), 600_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if ((out.match(new RegExp(ready.source, 'g')) ?? []).length >= count) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (b: Buffer) => void (out += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}):\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** The run of median throughput (the lower middle one of an even count). */
function medianRun(runs: LoadRun[]): LoadRun {
  return [...runs].sort((a, b) => a.requestsPerS - b.requestsPerS)[(runs.length - 1) >> 1]!;
}

function cannon(url: string, connections: number, durationS: number, body: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, method: 'POST', connections, duration: durationS, body, headers: { 'content-type': 'application/json', ...headers } }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/** CPU ms a process and its exited children have used (utime + stime of /proc/<pid>/stat, at 100 ticks a second); NaN off Linux. */
function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}

async function measure(name: string, server: Child, path: string, connections: number, durationS: number, body: string, headers: Record<string, string>, log: (s: string) => void): Promise<LoadRun> {
  const url = `${server.url}${path}`;
  await cannon(url, connections, Math.min(3, durationS), body, headers); // warm-up: JIT, pools, caches
  const cpu = cpuMs(server.pid);
  const r = await cannon(url, connections, durationS, body, headers);
  const used = cpuMs(server.pid) - cpu;
  const run = {
    name,
    requestsPerS: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
    cpuMsPerRequest: used / Math.max(1, r.requests.total),
  };
  log(
    `load: ${name}: ${run.requestsPerS.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.cpuMsPerRequest.toFixed(2)} CPU ms/request${run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ''}`,
  );
  return run;
}

export async function runLoadBench(o: { pgUrl: string; connections: number; durationS: number; rounds: number; products: number; log: (s: string) => void }): Promise<LoadResult> {
  const scratch = await scratchDatabase(o.pgUrl, 'bo_bench_load');
  const databaseUrl = scratch.url;
  const result: LoadResult = { connections: o.connections, durationS: o.durationS, rounds: o.rounds, products: o.products, runs: [] };
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '1',
    DEMO_PRODUCTS: String(o.products),
    UI_DIR: join(root, 'no-ui'),
    WORKFLOW_TICK_MS: '0',
    MAIL_TICK_MS: '0',
    NEWS_TICK_MS: '0',
    ARRIVAL_TICK_MS: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  try {
    // The list call the grid makes for its first page.
    const body = JSON.stringify({ entity: 'product_list', action: 'list', payload: { startRow: 0, endRow: PAGE, language: 'en' } });
    // The same page's SQL, as a hand-written endpoint would run it.
    const screen = screens.get('product_list')!;
    const relation = screen.source.relation
      .split('.')
      .map((p) => `"${p}"`)
      .join('.');
    const company = `"${screen.source.company!}"`;
    const sql = {
      page: `select ${rowFields(screen)
        .map((f) => `"${f}"`)
        .join(', ')} from ${relation} where ${company} = $1 order by ${screen.keys.map((k) => `"${k}"`).join(', ')} limit ${PAGE}`,
      count: `select count(*)::int as n from ${relation} where ${company} = $1`,
      params: [COMPANY],
    };
    for (const workers of [1, 2]) {
      o.log(`load: server with WORKERS=${workers}${workers === 1 ? ` (seeds ${o.products} demo products)` : ''}`);
      const s = await startChild(['src/server/main.ts'], { ...serverEnv, WORKERS: String(workers) }, /back office: http/, workers);
      try {
        const login = await fetch(`${s.url}/rpc/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
        });
        const { token } = (await login.json()) as { token: string };
        const headers = { authorization: `Bearer ${token}`, 'x-company': COMPANY };
        const check = await fetch(`${s.url}/rpc/api_action`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        if (check.status !== 200) throw new Error(`list: ${check.status} ${await check.text()}`);
        const label = `app, ${workers} process${workers > 1 ? 'es' : ''}`;
        if (workers > 1) {
          // The primary's CPU time leaves out its workers': no per-request figure.
          result.runs.push(await measure(label, { ...s, pid: undefined }, '/rpc/api_action', o.connections, o.durationS, body, headers, o.log));
          continue;
        }
        // One process against the bare endpoint (issue 49 point 4): alternating rounds on the same database, the median round of each.
        const bare = await startChild(['tests/bench/loadBare.ts'], { DATABASE_URL: databaseUrl, LOAD_SQL: JSON.stringify(sql) }, /bare: listening/);
        try {
          const bares: LoadRun[] = [];
          const apps: LoadRun[] = [];
          for (let i = 0; i < o.rounds; i++) {
            bares.push(await measure('bare node:http + pg', bare, '', o.connections, o.durationS, '{}', {}, o.log));
            apps.push(await measure(label, s, '/rpc/api_action', o.connections, o.durationS, body, headers, o.log));
          }
          result.runs.push(medianRun(bares), medianRun(apps));
        } finally {
          await bare.stop();
        }
      } finally {
        await s.stop();
      }
    }
  } catch (e) {
    result.error = e instanceof Error ? e.message.split('\n').slice(0, 3).join(' ') : String(e);
    o.log(`load: failed: ${result.error}`);
  } finally {
    await scratch.drop();
  }
  return result;
}

export const LOAD_HEADING = '## Load: list page at 32 connections, 1 vs 2 processes';

/** The report's section (docs/benchmarks.md), with the targets as ratios of this run. */
export function renderLoadSection(r: LoadResult, meta: { date: string; cores: number; cpu: string }): string[] {
  const out = [LOAD_HEADING, ''];
  out.push(
    `Measured ${meta.date} on ${meta.cores} cores (${meta.cpu}); autocannon in the bench process, ${r.connections} connections, ${r.durationS} s per server after a warm-up, loopback${r.rounds ? `; the bare endpoint and 1 app process alternate for ${r.rounds} rounds, the median round of each shown` : ''}; ` +
      `PostgreSQL server; product_list's first page (${PAGE} rows and the count) of a company with ${r.products} demo products, through \`POST /rpc/api_action\` with a token. ` +
      'The servers are child processes as `npm start` runs them; load generator, servers and PostgreSQL share the cores.',
    '',
  );
  if (r.error) out.push(`**Failed:** ${r.error}`, '');
  if (r.runs.length) {
    out.push('| server | req/s | p50 ms | p90 ms | p99 ms | max ms | requests | errors / non-2xx | server CPU ms / request |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    const cpu = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(2) : '—');
    for (const x of r.runs)
      out.push(`| ${x.name} | ${x.requestsPerS.toFixed(0)} | ${x.p50} | ${x.p90} | ${x.p99} | ${x.max} | ${x.requests} | ${x.errors} / ${x.non2xx} | ${cpu(x.cpuMsPerRequest)} |`);
    out.push('');
    const bare = r.runs.find((x) => x.name.startsWith('bare'));
    const one = r.runs.find((x) => x.name.includes('1 process'));
    const two = r.runs.find((x) => x.name.includes('2 processes'));
    const pass = (ok: boolean) => (ok ? 'met' : '**not met**');
    // Issue 49 point 4: one app process as cheap as the bare endpoint.
    if (bare && one) out.push(`- throughput, 1 process vs bare: ${(one.requestsPerS / bare.requestsPerS).toFixed(2)}× (target ≥ 0.9×: ${pass(one.requestsPerS >= 0.9 * bare.requestsPerS)})`);
    if (bare && one) out.push(`- p99, 1 process vs bare: ${(one.p99 / bare.p99).toFixed(2)}× (target ≤ 2×: ${pass(one.p99 <= 2 * bare.p99)})`);
    if (bare && two) out.push(`- p99, 2 processes vs bare: ${(two.p99 / bare.p99).toFixed(2)}× (target ≤ 2×: ${pass(two.p99 <= 2 * bare.p99)})`);
    if (one && two) out.push(`- throughput, 2 processes vs 1: ${(two.requestsPerS / one.requestsPerS).toFixed(2)}× (target ≥ 1.6×: ${pass(two.requestsPerS >= 1.6 * one.requestsPerS)})`);
    // The bare endpoint runs only the SQL: its throughput is what the database gives on these cores, the most any number of app processes can reach.
    if (bare && one)
      out.push(
        `- ceiling: the bare endpoint (the SQL alone) serves ${bare.requestsPerS.toFixed(0)} req/s, so no number of app processes can pass ${(bare.requestsPerS / one.requestsPerS).toFixed(2)}× of 1 process here: the database, on the same cores, is the bottleneck, not the app.`,
      );
    out.push('');
  }
  return out;
}

/** Puts `section` in place of the text under its heading (or before "## Profiles", else at the end). */
export function spliceLoadSection(text: string, section: string[]): string {
  const body = `${section.join('\n').trim()}\n`;
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l === LOAD_HEADING);
  if (from >= 0) {
    const next = lines.findIndex((l, i) => i > from && l.startsWith('## '));
    const after = next >= 0 ? `\n${lines.slice(next).join('\n')}` : '';
    return `${lines.slice(0, from).join('\n')}\n${body}${after}`.replace(/\n{3,}/g, '\n\n');
  }
  const profiles = lines.findIndex((l) => l === '## Profiles');
  if (profiles >= 0) return `${lines.slice(0, profiles).join('\n')}\n${body}\n${lines.slice(profiles).join('\n')}`.replace(/\n{3,}/g, '\n\n');
  return `${text.trimEnd()}\n\n${body}`;
}
