/**
 * Two app processes on one PostgreSQL database: the real server started as `npm start`
 * runs it (a child process, WORKERS=2, node:cluster sharing one port). Each keep-alive
 * connection stays with the worker that accepted it (the X-Worker header names it), so
 * a test speaks to each worker on purpose. Proved across the processes: a session signed
 * out on one is refused on the other, a grant change is seen by both, a rate limit counts
 * calls on both, a scheduled workflow timeout fires once though both schedulers tick, and a
 * row written through one worker reaches a live-rows subscriber of the other. WORKERS is
 * refused with PGlite.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { DEMO_PASSWORD, PRODUCTS, type Json } from './harness.ts';
import { seededDatabase } from './templates.ts';
import { startChildServer, type ChildServer } from './workerServer.ts';

const root = join(import.meta.dirname, '..', '..');
const pg = !!process.env.TEST_DATABASE_URL;

interface Answer {
  status: number;
  worker: string | undefined;
  body: Json;
}

/** A client holding one keep-alive connection: every request it sends reaches the same worker. */
function connection(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        base + path,
        { method, agent, headers: { accept: 'application/json', ...(data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {}), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            let parsed: Json = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, worker: res.headers['x-worker'] as string | undefined, body: parsed });
          });
        },
      );
      req.on('error', reject);
      if (data) req.end(data);
      else req.end();
    });
  const auth = (token: string, company?: string): Record<string, string> => ({ authorization: `Bearer ${token}`, ...(company ? { 'x-company': company } : {}) });
  return {
    agent,
    send,
    login: async (email: string, password = DEMO_PASSWORD) => {
      const r = await send('POST', '/rpc/login', { email, password });
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { token: string; refresh_token: string };
    },
    action: (token: string, entity: string, action: string, payload?: unknown, company?: string) => send('POST', '/rpc/api_action', { entity, action, payload }, auth(token, company)),
    post: (token: string, path: string, body: unknown) => send('POST', path, body, auth(token)),
    close: () => agent.destroy(),
  };
}
type Conn = ReturnType<typeof connection>;

/** One connection per worker: new connections until each of the `n` workers holds one. */
async function perWorker(base: string, n: number): Promise<Conn[]> {
  const found = new Map<string, Conn>();
  const spare: Conn[] = [];
  for (let i = 0; i < 20 && found.size < n; i++) {
    const c = connection(base);
    const r = await c.send('GET', '/openapi.json');
    if (r.worker && !found.has(r.worker)) found.set(r.worker, c);
    else spare.push(c);
  }
  for (const c of spare) c.close();
  if (found.size < n) throw new Error(`reached ${found.size} of ${n} workers`);
  return [...found.values()];
}

/** A DeepL stand-in that refuses every call (400): a call still takes its place in the rate limit. */
async function refusingEngine(): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    calls++;
    req.resume();
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"no"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v2`, calls: () => calls, close: () => new Promise((r) => server.close(() => r())) };
}

describe('WORKERS with PGlite', () => {
  it('is refused with a message saying why', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, WORKERS: '2', DATA_DIR: join(root, 'no-such-data-dir-for-workers') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('cannot start: WORKERS=2 needs a PostgreSQL server (DATABASE_URL): the embedded PGlite database is owned by one process');
  });
});

describe.runIf(pg)('two app processes on one PostgreSQL database (WORKERS=2)', () => {
  let server: ChildServer;
  let drop: () => Promise<void>;
  let engine: Awaited<ReturnType<typeof refusingEngine>>;
  let a: Conn;
  let b: Conn;

  beforeAll(async () => {
    engine = await refusingEngine();
    const copy = await seededDatabase({ demo: true, products: PRODUCTS });
    drop = copy.drop;
    server = await startChildServer(copy.url, 2, {
      DEMO_DATA: '1',
      UI_DIR: join(root, 'no-ui'),
      WORKFLOW_TICK_MS: '100',
      MAIL_TICK_MS: '0',
      NEWS_TICK_MS: '0',
      ARRIVAL_TICK_MS: '0',
      AI_RATE_PER_MINUTE: '3',
      AI_RETRY_BASE_MS: '1',
      DEEPL_AUTH_KEY: 'test-key',
      DEEPL_API_URL: engine.url,
    });
    const conns = await perWorker(server.url, 2);
    a = conns[0]!;
    b = conns[1]!;
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    await server?.close();
    await drop?.();
    await engine?.close();
  });

  it('answers from two processes on one port', async () => {
    const wa = (await a.send('GET', '/openapi.json')).worker;
    const wb = (await b.send('GET', '/openapi.json')).worker;
    expect(new Set([wa, wb]).size).toBe(2);
    expect(server.output()).toMatch(/cluster: 2 workers/);
  });

  it('refuses on one worker a session signed out on the other', async () => {
    const { token } = await a.login('catalog@example.com');
    expect((await b.send('POST', '/rpc/user', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await a.send('POST', '/rpc/user', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    const out = await a.send('POST', '/rpc/logout', {}, { authorization: `Bearer ${token}` });
    expect(out.status).toBe(200);
    const after = await b.send('POST', '/rpc/user', {}, { authorization: `Bearer ${token}` });
    expect(after.status).toBe(401);
    expect(after.worker).not.toBe(out.worker);
  });

  it('sees a grant change on both workers', async () => {
    const { token } = await a.login('catalog@example.com');
    const page = screens.get('product_list')!.pageUrl!;
    const list = (c: Conn) => c.action(token, 'product_list', 'list', { startRow: 0, endRow: 5 });
    expect((await list(a)).status).toBe(200);
    expect((await list(b)).status).toBe(200); // both workers have the user's grants cached now
    const user = (await server.db.query<{ user_id: number }>(`select user_id from app.users where user_email = 'catalog@example.com'`)).rows[0]!.user_id;
    const code = (await server.db.query<{ page_code: string }>('select page_code from app.backend_pages where url = $1', [page])).rows[0]!.page_code;
    const revoke = async (on: boolean) =>
      server.db.transaction(async (tx) => {
        await tx.query('update app.user_pages set can_list = $3 where user_id = $1 and page_code = $2', [user, code, on]);
        await tx.query('update app.role_pages set can_list = $3 where page_code = $2 and role_id in (select role_id from app.user_roles where user_id = $1)', [user, code, on]);
      });
    await revoke(false);
    try {
      expect((await list(a)).status).toBe(403);
      expect((await list(b)).status).toBe(403);
    } finally {
      await revoke(true);
    }
    expect((await list(b)).status).toBe(200);
    expect((await list(a)).status).toBe(200);
  });

  it('counts a rate limit over both workers', async () => {
    const { token } = await a.login('admin@example.com');
    const call = (c: Conn) => c.post(token, '/api/deepl', { text: 'hello', from: 'en', to: 'de' });
    const answers = [await call(a), await call(b), await call(a), await call(b)];
    // Three calls a minute: the fourth is refused whichever worker takes it, the engine never hears of it.
    expect(answers.slice(0, 3).map((r) => r.status)).not.toContain(429);
    expect(answers[3]).toMatchObject({ status: 429, body: { error: 'ai_rate_limited' } });
    expect(engine.calls()).toBe(3);
  });

  it('fires each due workflow timeout once while both workers run the scheduler', async () => {
    const company = 'SK01';
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await createInstance(server.db, 'sales_order', company));
    // Confirmed (waiting for payment, with a timeout), the timeout already due.
    await server.db.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, null, '{}'::jsonb, now())
       from app.fsm_instances i join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = 'confirm' and t.from_state_id = i.state_id
       where i.fsm_instance_id = any($1::bigint[])`,
      [ids],
    );
    await server.db.query(`update app.fsm_instances set due_at = now() - interval '1 second' where fsm_instance_id = any($1::bigint[])`, [ids]);
    const expired = async () =>
      (
        await server.db.query<{ id: number; n: number }>(
          `select fsm_instance_id as id, count(*)::int as n from app.fsm_history where event_code = 'expire' and fsm_instance_id = any($1::bigint[]) group by 1`,
          [ids],
        )
      ).rows;
    await vi.waitFor(async () => expect(await expired()).toHaveLength(ids.length), { timeout: 20_000, interval: 50 });
    // A timeout fires in the transaction that claimed the instance (FOR UPDATE): once a lock that
    // conflicts with every row lock is granted, every claim made so far has committed or rolled
    // back, and a claim after it finds nothing due. A second firing would be in the history now.
    await server.db.transaction((tx) => tx.query('lock table app.fsm_instances in exclusive mode'));
    const rows = await expired();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('brings a row written through one worker to a live-rows subscriber of the other', async () => {
    const { token } = await a.login('admin@example.com');
    const events: Json[] = [];
    const ctl = new AbortController();
    // The stream on its own connection: find one held by the other worker than `a`.
    const wa = (await a.send('GET', '/openapi.json')).worker;
    let res: Response | undefined;
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${server.url}/api/live`, { headers: { authorization: `Bearer ${token}`, 'x-company': 'SK01', accept: 'text/event-stream' }, signal: ctl.signal });
      if (r.headers.get('x-worker') !== wa) {
        res = r;
        break;
      }
      await r.body?.cancel();
    }
    expect(res?.status).toBe(200);
    const reader = res!.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      let buf = '';
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        buf += value;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: rows$/m.test(block) && data) events.push(JSON.parse(data));
        }
      }
    })();
    const row = (await a.action(token, 'product_list', 'list', { startRow: 0, endRow: 1 }, 'SK01')).body.data.rows[0];
    const w = await a.action(token, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, supplier_product_code: `LIVE-${Date.now()}` }, 'SK01');
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    await vi.waitFor(() => expect(events.some((e) => e.form === 'product_list')).toBe(true), { timeout: 10_000, interval: 10 });
    ctl.abort();
    await reading;
    expect(events.find((e) => e.form === 'product_list')).toMatchObject({ ids: [[row.product_code]], by: { name: expect.any(String) } });
  });
});
