/**
 * GET /healthz and /readyz as load balancers expect them (200 / 503, no session, tiny JSON, no
 * caching), readiness's reasons on a real database, the request id, and GET /metrics:
 * token required, Prometheus text parsed, the figures issue 50 asks for, labels bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecret, tokenSigner } from '../../src/server/auth/tokens.ts';
import { configFromEnv, type Config } from '../../src/server/config.ts';
import { createApp } from '../../src/server/http/app.ts';
import { Observability } from '../../src/server/obs/observe.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format 0.0.4: `name{a="x",b="y"} value` lines (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `a metric line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, k, v] of m![2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[k!] = v!;
    out.push({ name: m![1]!, labels, value: Number(m![3]) });
  }
  return out;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe.each(engines)('%s: health, readiness, request ids and metrics', (engine) => {
  let s: TestServer;
  let admin: string;
  let config: Config;

  beforeAll(async () => {
    ({ s, admin } = await startSignedIn(engine, { config: { metricsToken: TOKEN, trustProxy: true } }));
    config = { ...configFromEnv({}), metricsToken: TOKEN };
  });
  afterAll(() => s?.close());

  it('answers /healthz and /readyz without a session, tiny, never cached', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      const r = await fetch(s.url + path, { headers: { cookie: 'bo_page=whatever', authorization: 'Bearer not-a-token' } });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get('set-cookie')).toBeNull();
      const text = await r.text();
      expect(text.length).toBeLessThan(64);
      expect(JSON.parse(text)).toEqual(body);
    }
    expect((await fetch(s.url + '/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('turns /readyz 503 with its reason: stopping, migrations not current, the outbox stuck', async () => {
    const obs = new Observability({ db: s.db, config });
    expect(await obs.ready()).toEqual({ ok: true });
    obs.stopping = true;
    expect(await obs.ready()).toEqual({ ok: false, reason: 'shutting_down' });

    // A migration of this version missing from the database.
    const last = (await s.db.query<{ name: string; applied_at: string }>('select name, applied_at from app.schema_migrations order by name desc limit 1')).rows[0]!;
    await s.db.query('delete from app.schema_migrations where name = $1', [last.name]);
    try {
      expect(await new Observability({ db: s.db, config }).ready()).toEqual({ ok: false, reason: 'migrations' });
    } finally {
      await s.db.query('insert into app.schema_migrations (name, applied_at) values ($1, $2)', [last.name, last.applied_at]);
    }

    // A mail due long ago that this process should have sent (it sends mail: SMTP_URL and MAIL_TICK_MS).
    const sending = { ...config, smtpUrl: 'smtp://127.0.0.1:1', mailTickMs: 5_000 };
    expect(await new Observability({ db: s.db, config: sending }).ready()).toEqual({ ok: true });
    const mail = (
      await s.db.query<{ mail_id: number }>(
        `insert into app.mail_outbox (recipients, language_code, subject, body_text, source_type, source_id, next_attempt_at)
         values (array['a@example.com'], 'en', 's', 'b', 'test', 1, now() - interval '1 hour') returning mail_id`,
      )
    ).rows[0]!;
    try {
      expect(await new Observability({ db: s.db, config: sending }).ready()).toEqual({ ok: false, reason: 'outbox_stuck' });
      // Without SMTP mail waits by design: not stuck.
      expect(await new Observability({ db: s.db, config }).ready()).toEqual({ ok: true });
      const scraped = parseMetrics(await new Observability({ db: s.db, config }).metrics.text());
      expect(find(scraped, 'outbox_pending')[0]!.value).toBeGreaterThanOrEqual(1);
      expect(find(scraped, 'outbox_oldest_due_seconds')[0]!.value).toBeGreaterThanOrEqual(3_000);
    } finally {
      await s.db.query('delete from app.mail_outbox where mail_id = $1', [mail.mail_id]);
    }
  });

  it('gives every answer a request id, taking a trusted proxy’s only when it is a safe short token', async () => {
    const id = async (sent?: string) => (await fetch(s.url + '/healthz', { headers: sent ? { 'x-request-id': sent } : {} })).headers.get('x-request-id');
    const own = await id();
    expect(own).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await id()).not.toBe(own);
    expect(await id('edge-7f3a.1_b')).toBe('edge-7f3a.1_b');
    for (const bad of ['has space', 'x'.repeat(65), '<script>', 'a\tb']) expect(await id(bad)).not.toBe(bad);
    // JSON answers of the API carry it too (the browser's toast shows it).
    const refused = await s.post('/rpc/api_action', { entity: 'product_list', action: 'list', payload: {} });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('serves Prometheus metrics only with the token, with bounded labels', async () => {
    expect((await fetch(s.url + '/metrics')).status).toBe(401);
    expect((await fetch(s.url + '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).status).toBe(401);

    // Traffic: a list, a refused entity, unknown routes with ids, an unauthenticated call.
    expect((await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 5 }, 'SK01')).status).toBe(200);
    expect((await s.action(admin, 'no_such_form_12345', 'list', {}, 'SK01')).status).toBe(404);
    expect((await s.get('/api/no-such-route/987654?secret=1')).status).toBe(404);
    expect((await s.post('/rpc/no_such_procedure_555', {})).status).toBe(404);

    const r = await fetch(s.url + '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const m = parseMetrics(await r.text());

    expect(find(m, 'http_requests_total', { method: 'POST', route: '/rpc/api_action', status: '200' })[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(m, 'http_request_duration_seconds_count', { route: '/rpc/api_action', entity: 'product_list' })[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(m, 'http_request_duration_seconds_bucket', { route: '/rpc/api_action', entity: 'product_list', le: '+Inf' })).toHaveLength(1);
    expect(find(m, 'http_request_duration_seconds_count', { route: '/rpc/api_action', entity: 'other' })[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(m, 'http_errors_total', { code: 'unauthorized', status: '401' })[0]!.value).toBeGreaterThanOrEqual(2);
    expect(find(m, 'http_errors_total', { code: 'not_found', status: '404' })[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(m, 'http_requests_in_flight')[0]!.value).toBeGreaterThanOrEqual(1);
    for (const name of ['live_rows_subscribers', 'outbox_pending', 'outbox_oldest_due_seconds', 'scheduler_lag_seconds', 'process_shutting_down', 'process_cpu_user_seconds_total']) {
      expect(find(m, name), name).toHaveLength(1);
    }
    expect(find(m, 'metrics_db_read_failed')[0]!.value).toBe(0);
    if (engine === 'postgres') expect(find(m, 'db_pool_connections', { state: 'max' })[0]!.value).toBe(10);
    else expect(find(m, 'db_pool_connections')).toHaveLength(0);

    // Bounded: route labels are templates, entity labels forms or `other` — never an id, a query or a raw path.
    const routes = new Set(m.flatMap((x) => (x.labels.route ? [x.labels.route] : [])));
    const entities = new Set(m.flatMap((x) => (x.labels.entity !== undefined ? [x.labels.entity] : [])));
    expect(routes).toContain('unmatched');
    expect(routes).toContain('/rpc/:name');
    for (const route of routes) expect(route, route).not.toMatch(/\d{3,}|\?|no-such|no_such/);
    for (const entity of entities) expect(entity).not.toMatch(/\d/);
  });

  it('serves no /metrics without METRICS_TOKEN', async () => {
    const signer = tokenSigner(await jwtSecret(s.db, undefined), 900);
    const app = createApp({ db: s.db, signer, config: { ...config, metricsToken: undefined } });
    const r = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' } });
    expect(r.status).toBe(404);
    expect(r.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
