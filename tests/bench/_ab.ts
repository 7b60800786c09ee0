// scratch: interleaved app vs bare load on an existing demo database (not committed)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { rowFields } from '../../src/server/actions/engine/rows.ts';
import { startChild } from './load.ts';
const db = process.env.DB ?? 'postgres://postgres@127.0.0.1:5432/bo_i49s_demo';
const root = process.env.ROOT ?? join(import.meta.dirname, '..', '..');
const secs = Number(process.env.SECS ?? 5), rounds = Number(process.env.ROUNDS ?? 3);
const prof = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
const app = await startChild([...prof, 'src/server/main.ts'], { DATABASE_URL: db, UI_DIR: join(root, 'no-ui'), WORKFLOW_TICK_MS: '0', MAIL_TICK_MS: '0', NEWS_TICK_MS: '0', ARRIVAL_TICK_MS: '0', JWT_SECRET: randomBytes(32).toString('hex'), WORKERS: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, /back office: http/, 1, root);
const screen = screens.get('product_list')!;
const relation = screen.source.relation.split('.').map((p) => `"${p}"`).join('.');
const sql = { page: `select ${rowFields(screen).map((f) => `"${f}"`).join(', ')} from ${relation} where "company_code" = $1 order by ${screen.keys.map((k) => `"${k}"`).join(', ')} limit 100`, count: `select count(*)::int as n from ${relation} where "company_code" = $1`, params: ['SK01'] };
const bare = await startChild(['tests/bench/loadBare.ts'], { DATABASE_URL: db, LOAD_SQL: JSON.stringify(sql) }, /bare: listening/);
const login = await fetch(`${app.url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }) });
const { token } = (await login.json()) as { token: string };
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-company': 'SK01' };
const body = JSON.stringify({ entity: 'product_list', action: 'list', payload: { startRow: 0, endRow: 100, language: 'en' } });
const run = (url: string, d: number) => new Promise<autocannon.Result>((res, rej) => autocannon({ url, method: 'POST', connections: 32, duration: d, body, headers }, (e, r) => (e ? rej(e) : res(r))));
await run(`${app.url}/rpc/api_action`, 3); await run(bare.url, 3);
const ratios: number[] = [];
for (let i = 0; i < rounds; i++) {
  const a = await run(`${app.url}/rpc/api_action`, secs); const b = await run(bare.url, secs);
  ratios.push(a.requests.average / b.requests.average);
  console.log(`round ${i}: app ${a.requests.average.toFixed(1)} (non2xx ${a.non2xx}, p99 ${a.latency.p99}) bare ${b.requests.average.toFixed(1)} (p99 ${b.latency.p99}) ratio ${(a.requests.average / b.requests.average).toFixed(3)} load ${loadavg()[0]!.toFixed(2)}`);
}
ratios.sort(); console.log('median ratio', ratios[Math.floor(ratios.length / 2)]!.toFixed(3));
await app.stop(); await bare.stop();
process.exit(0);
