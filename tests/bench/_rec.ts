import '../../src/server/productionMode.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { configFromEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';
const uiDir = mkdtempSync(join(tmpdir(), 'ui-')); writeFileSync(join(uiDir, 'index.html'), '<div></div>');
const running = await startServer({ ...configFromEnv({}), uiDir, port: 0, dataDir: undefined, databaseUrl: process.env.DB ?? 'postgres://postgres@127.0.0.1:5432/bo_i49s_demo', jwtSecret: undefined });
const login = await fetch(`${running.url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }) });
const { token } = (await login.json()) as { token: string };
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-company': 'SK01' };
const body = JSON.stringify({ entity: process.env.FORM ?? 'product_list', action: 'list', payload: { startRow: 0, endRow: 100, language: 'en' } });
const orig = pg.Client.prototype.query;
let on = false;
(pg.Client.prototype as any).query = function (this: unknown, ...a: any[]) { if (on) console.log('SQL', typeof a[0], a[0]?.constructor?.name, String(typeof a[0] === 'string' ? a[0] : (a[0]?.text ?? a[0]?.name ?? Object.keys(a[0]??{}).join('/'))).replace(/\s+/g, ' ').slice(0, 300)); return (orig as any).apply(this, a); };
for (let i = 0; i < 3; i++) { on = i === 2; if (on) console.log('--- request', i); const r = await fetch(`${running.url}/rpc/api_action`, { method: 'POST', headers, body }); const t = await r.text(); if (on) console.log(r.status, t.length, [...r.headers.keys()].join(',')); }
await running.close(); process.exit(0);
