/**
 * Every acknowledged write survives the server's sudden death (kill -9), on both engines
 * (docs/durability.md says why, and what a power loss does instead). The real server runs as
 * a child process (`tsx src/server/main.ts`, PORT, DATA_DIR or DATABASE_URL) on a copy of the
 * seeded demo data; four clients add brands through /rpc/api_action, each name told apart by
 * its number. At 1,000 acknowledged adds the server is killed with SIGKILL while adds are in
 * flight, restarted, and the clients go on; at 2,000 it is killed again the same way and
 * restarted. Then every acknowledged add is there, whole; what was in flight at a kill is
 * there or not (never half); nothing is there that was never sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './childServer.ts';
import { root, templateDataDir } from './dataTools.ts';
import { DEMO_PASSWORD, engines, PRODUCTS, type Engine, type Json } from './harness.ts';
import { seededDatabase } from './templates.ts';

/**
 * 2,000 (DURABILITY_WRITES to try another number by hand); killed at the half and at the end.
 * Each kill lands with adds in flight whatever the count: 5,000 proved no more than 2,000 and
 * cost the suite ~50 s more (both engines).
 */
const WRITES = Number(process.env.DURABILITY_WRITES ?? 2_000);
const KILL_AT = [Math.round(WRITES / 2), WRITES];
const CLIENTS = 4;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The real server on `env`'s database, killed at the end if still running. */
async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const server = await startChildServer(root, env);
  cleanups.push(server.kill);
  return server;
}

async function post(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function signIn(url: string): Promise<string> {
  const r = await post(url, '/rpc/login', { email: 'admin@example.com', password: DEMO_PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token;
}

/** The names of this run's brands as the restarted server lists them. */
async function listed(url: string, token: string, prefix: string): Promise<Map<string, Json>> {
  const r = await post(
    url,
    '/rpc/api_action',
    { entity: 'brands', action: 'list', payload: { endRow: 20_000, count: 'exact', filterModel: { brand_name: { filterType: 'text', type: 'startsWith', filter: prefix } } } },
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return new Map((r.body.data.rows as Json[]).map((row) => [row.brand_name as string, row]));
}

async function prepare(engine: Engine): Promise<Record<string, string>> {
  const env = { DEMO_DATA: '1', DEMO_PRODUCTS: String(PRODUCTS) };
  if (engine === 'postgres') {
    const copy = await seededDatabase({ demo: true, products: PRODUCTS }, { durable: true });
    cleanups.push(() => copy.drop());
    return { ...env, DATABASE_URL: copy.url };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bo-durability-data-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  await templateDataDir(dir);
  return { ...env, DATA_DIR: dir };
}

describe.each(engines)('%s: acknowledged writes survive kill -9', (engine) => {
  it(`finds all ${WRITES} acknowledged adds after two kills in mid-write`, async () => {
    const t0 = Date.now();
    const took: string[] = [];
    const lap = (what: string) => {
      took.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      console.log(`durability, ${engine}: ${took.at(-1)}`);
    };
    const env = await prepare(engine);
    lap('prepared');
    const prefix = `durable-${engine}-${randomBytes(3).toString('hex')}-`;
    const sent = new Set<number>();
    const acked = new Set<number>();
    let next = 0;

    let server = await startServer(env);
    let token = await signIn(server.url);
    lap('started');
    for (const killAt of KILL_AT) {
      // Clients add until the server dies under them: the kill comes from the ack that reaches killAt, with the other clients' adds in flight.
      const killed = { done: false };
      const client = async () => {
        while (!killed.done) {
          const i = next++;
          sent.add(i);
          try {
            const r = await post(server.url, '/rpc/api_action', { entity: 'brands', action: 'add', payload: { brand_name: `${prefix}${i}` } }, token);
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            acked.add(i);
            if (acked.size >= killAt && !killed.done) {
              killed.done = true;
              server.child.kill('SIGKILL');
            }
          } catch (e) {
            if (!killed.done) throw e; // a request cut off by the kill: its outcome is unknown, which is allowed
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      lap(`killed at ${acked.size} acknowledged (${sent.size} sent)`);

      server = await startServer(env);
      token = await signIn(server.url);
      lap('restarted');
      const found = await listed(server.url, token, prefix);
      const missing = [...acked].filter((i) => !found.has(`${prefix}${i}`));
      expect(missing, `acknowledged adds lost after kill -9 (${missing.length} of ${acked.size})`).toEqual([]);
      for (const [name, row] of found) {
        expect(sent.has(Number(name.slice(prefix.length))), `${name} was never sent`).toBe(true);
        expect(row.active).toBe(true); // whole rows: the default filled in, as the add wrote it
      }
    }
    expect(acked.size).toBeGreaterThanOrEqual(WRITES);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 600_000);
});
