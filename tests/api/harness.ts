import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, type Config } from '../../src/server/config.ts';
import { startServer, type Running, type Serve } from '../../src/server/server.ts';
import { expect } from 'vitest';
import { NO_COMMIT_FLUSH, seededDatabase, seededPglite } from './templates.ts';
import { startChildServer } from './workerServer.ts';
import { scratchDatabase } from '../setup/scratchDatabase.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * TEST_WORKERS=N (N ≥ 2): every PostgreSQL test server is the real server as a child process
 * with WORKERS=N (workerServer.ts), so the suite runs against several app processes on one
 * database; PGlite servers stay in-process (one process owns the embedded database).
 */
const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 0);

export const DEMO_PASSWORD = 'demo-password';
export const PRODUCTS = Number(process.env.TEST_PRODUCTS ?? 2_000);

/** JSON as the tests read it: its shape is what each test asserts, so it is left untyped, in this one place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are arbitrary JSON checked by the assertions
export type Json = any;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer extends Running {
  engine: Engine;
  /** The test database on the PostgreSQL server (undefined on PGlite), for connections of a test's own. */
  databaseUrl: string | undefined;
  post<T = Json>(path: string, body?: unknown, opts?: { token?: string; company?: string; raw?: string }): Promise<Reply<T>>;
  get<T = Json>(path: string, opts?: { token?: string; company?: string }): Promise<Reply<T>>;
  login(email: string, password?: string): Promise<{ token: string; refresh_token: string }>;
  action<T = Json>(token: string, entity: string, action: string, payload?: unknown, company?: string): Promise<Reply<T>>;
}

/** A new, empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  return scratchDatabase(admin, 'bo_test', NO_COMMIT_FLUSH);
}

/** A test server and the access tokens of the three demo staff users. */
export interface SignedIn {
  s: TestServer;
  admin: string;
  catalog: string;
  warehouse: string;
}

/** `startTestServer` (with `opts`) with admin, catalog and warehouse signed in (a suite's usual start). */
export async function startSignedIn(engine: Engine, opts?: Parameters<typeof startTestServer>[1]): Promise<SignedIn> {
  const s = await startTestServer(engine, opts);
  const [admin, catalog, warehouse] = await Promise.all(['admin', 'catalog', 'warehouse'].map(async (u) => (await s.login(`${u}@example.com`)).token));
  return { s, admin: admin!, catalog: catalog!, warehouse: warehouse! };
}

/**
 * A server on a free port with its own database (in-memory PGlite, or a new database on the
 * server), a copy of the seeded template of its data set (templates.ts: migrated and seeded
 * once per engine, data set and source tree). Its configuration is read from `env` as a start
 * reads the environment, with DATABASE_URL the test database and DEMO_DATA=1 unless `env`
 * says otherwise (the suites sign
 * in as the demo users); `config` overrides what the environment gave. The workflow
 * scheduler, the mail outbox and the news fetcher do not run unless `config.workflowTickMs` /
 * `config.mailTickMs` / `config.newsTickMs` ask (their tests tick themselves). `serve`: what
 * brings the app its requests instead of a listener of its own (an in-process server only).
 */
/**
 * `inProcess`: the server runs in this process even under TEST_WORKERS, for a suite that waits
 * on its after-answer work (`settled()`), which a child process's server cannot tell.
 * `existing`: a database of the test's own instead of a template's copy (a PGlite data
 * directory, or a database on the server for 'postgres'), opened, migrated and seeded as a
 * start does, in this process; closing the server closes it and leaves it there.
 */
export async function startTestServer(
  engine: Engine,
  opts: { uiDir?: string; env?: NodeJS.ProcessEnv; config?: Partial<Config>; serve?: Serve; inProcess?: boolean; existing?: { dataDir: string } | { databaseUrl: string } } = {},
): Promise<TestServer> {
  // A stand-in UI build, so the SPA fallback is tested without running vite.
  let uiDir = opts.uiDir;
  if (!uiDir) {
    uiDir = mkdtempSync(join(tmpdir(), 'bo-ui-'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div></html>');
  }
  // The configuration first (a server database's default of DEMO_DATA differs), then a copy of the seeded template it asks for.
  const env = { DEMO_DATA: '1', ...opts.env, DATABASE_URL: engine === 'postgres' ? 'postgres://test-template' : undefined };
  const config = {
    ...configFromEnv(env),
    uiDir,
    port: 0,
    dataDir: undefined,
    demoProducts: PRODUCTS,
    jwtSecret: undefined,
    workflowTickMs: 0,
    mailTickMs: 0,
    arrivalTickMs: 0,
    cartReminderTickMs: 0,
    stockEventsTickMs: 0,
    newsTickMs: 0,
    ratesTickMs: 0,
    maintenanceTickMs: 0,
    ...opts.config,
  };
  const set = { demo: config.demoData, products: config.demoProducts };
  const existing = opts.existing;
  const copy = engine === 'postgres' && !existing ? await seededDatabase(set) : undefined;
  const databaseUrl = existing ? ('databaseUrl' in existing ? existing.databaseUrl : undefined) : copy?.url;
  const start = async (): Promise<Running> =>
    existing
      ? startServer({ ...config, databaseUrl, dataDir: 'dataDir' in existing ? existing.dataDir : undefined }, undefined, opts.serve)
      : copy && TEST_WORKERS >= 2 && !opts.serve && !opts.inProcess
        ? startChildServer(copy.url, TEST_WORKERS, childEnv(env, config, uiDir))
        : startServer({ ...config, databaseUrl }, engine === 'pglite' ? await seededPglite(set) : undefined, opts.serve);
  const running = await start().catch(async (e: unknown) => {
    await copy?.drop();
    throw e;
  });
  const request = async (method: string, path: string, body: unknown, opts: { token?: string; company?: string; raw?: string } = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.company) headers['x-company'] = opts.company;
    const res = await fetch(running.url + path, {
      method,
      headers,
      body: method === 'POST' ? (opts.raw ?? (body === undefined ? undefined : JSON.stringify(body))) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as Json, headers: res.headers };
  };
  const server: TestServer = {
    ...running,
    engine,
    databaseUrl,
    post: (path, body, opts) => request('POST', path, body, opts),
    get: (path, opts) => request('GET', path, undefined, opts),
    async login(email, password = DEMO_PASSWORD) {
      const r = await request('POST', '/rpc/login', { email, password });
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    action: (token, entity, action, payload, company) => request('POST', '/rpc/api_action', { entity, action, payload }, { token, ...(company ? { company } : {}) }),
    async close() {
      await running.close();
      await copy?.drop();
    },
  };
  return server;
}

/** The environment a child server reads for what `config` says (TEST_WORKERS): the settings the suites override. */
function childEnv(env: NodeJS.ProcessEnv, c: Config, uiDir: string): Record<string, string | undefined> {
  return {
    ...env,
    DEMO_DATA: c.demoData ? '1' : '0',
    DEMO_PRODUCTS: String(c.demoProducts),
    UI_DIR: uiDir,
    WORKFLOW_TICK_MS: String(c.workflowTickMs),
    MAIL_TICK_MS: String(c.mailTickMs),
    ARRIVAL_TICK_MS: String(c.arrivalTickMs),
    CART_REMINDER_TICK_MS: String(c.cartReminderTickMs),
    STOCK_EVENTS_TICK_MS: String(c.stockEventsTickMs),
    NEWS_TICK_MS: String(c.newsTickMs),
    RATES_TICK_MS: String(c.ratesTickMs),
    IMAP_TICK_MS: String(c.imapTickMs),
    COUNT_ESTIMATE_THRESHOLD: String(c.countEstimateThreshold),
    FLAG_SERVICE_URL: c.flagServiceUrl,
    IP_COUNTRY_URL: c.ipCountryUrl,
    AI_RATE_PER_MINUTE: String(c.aiRatePerMinute),
    AI_RETRY_BASE_MS: String(c.aiRetryBaseMs),
    AI_CHAT_TIMEOUT_MS: String(c.aiChatTimeoutMs),
    TRANSLATE_TIMEOUT_MS: String(c.translateTimeoutMs),
    IP_COUNTRY_TIMEOUT_MS: String(c.ipCountryTimeoutMs),
    PUBLIC_URL: env.PUBLIC_URL,
    TRUST_PROXY: c.trustProxy ? '1' : undefined,
  };
}

/**
 * What the business suites ask of their server: `ok` (an api_action that must answer 200:
 * its data), `rows` and `one` (SQL on the test's database). `server` is read at each call
 * (the suite starts it in beforeAll).
 */
export function serverHelpers(server: () => TestServer) {
  const ok = async (token: string, form: string, action: string, payload?: unknown, company?: string) => {
    const r = await server().action(token, form, action, payload, company);
    expect(r.status, `${form} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  const rows = async (sql: string, args: unknown[] = []): Promise<Record<string, Json>[]> => (await server().db.query<Record<string, Json>>(sql, args)).rows;
  const one = async (sql: string, args: unknown[] = []): Promise<Record<string, Json>> => (await rows(sql, args))[0]!;
  return { ok, rows, one };
}
