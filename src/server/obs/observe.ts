/**
 * What an operator watches (docs/server.md "Watching it"): every request's id, log line and
 * metrics; GET /healthz and /readyz for load balancers; GET /metrics for Prometheus.
 *
 * - Request id: a new one per request, unless TRUST_PROXY is set and the proxy sent an
 *   `X-Request-Id` that is a safe short token (letters, digits, `._-`, at most 64); sent back
 *   as `X-Request-Id` on every answer (the browser shows it in an error's toast as "Ref: …").
 * - One log line per request at its answer's head: id, method, route template, status,
 *   duration, user, company, entity and action of an api_action, error code — never a body,
 *   a header's value or a query string.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { migrationNames } from '../db/migrate.ts';
import type { Db } from '../db/types.ts';
import type { Config } from '../config.ts';
import { screens } from '../actions/engine/screens.ts';
import { requestLog } from './log.ts';
import { Metrics, methodLabel } from './metrics.ts';

/** What a request's handlers tell its log line and metrics. */
export interface RequestInfo {
  id: string;
  route?: string;
  user?: number;
  company?: string | null;
  entity?: string;
  action?: string;
  /** The error code answered (core/errorCodes.ts). */
  code?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    obs: RequestInfo;
  }
}

/** The request's info (a fresh one outside the middleware: app.request in unit tests of parts). */
export function requestInfo(c: Context): RequestInfo {
  let info = c.get('obs') as RequestInfo | undefined;
  if (!info) c.set('obs', (info = { id: newRequestId() }));
  return info;
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Request ids from a pool of random bytes refilled 512 ids at a time (one randomBytes call per id cost more than the id is worth). */
let idBytes = Buffer.alloc(0);
let idAt = 0;
const newRequestId = (): string => {
  if (idAt + 9 > idBytes.length) {
    idBytes = randomBytes(9 * 512);
    idAt = 0;
  }
  return idBytes.toString('base64url', idAt, (idAt += 9));
};
/** A proxy's request id, taken only when the proxy is trusted and the id a safe short token. */
const acceptedRequestId = (sent: string | undefined, trustProxy: boolean): string | undefined => (trustProxy && sent && SAFE_ID.test(sent) ? sent : undefined);

/** Node's response object, as @hono/node-server hands it in the environment. */
interface NodeResponse {
  setHeader(name: string, value: string): void;
  headersSent?: boolean;
}
/** Responses whose X-Request-Id a request has set. */
const claimed = new WeakSet<object>();

/** Paths probed often and of no interest line by line: logged at debug. */
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

/** How long a due mail may wait before the outbox counts as stuck (readyz), when this process sends mail. */
const OUTBOX_STUCK_MS = 15 * 60_000;

export interface ObservedDeps {
  db: Db;
  config: Config;
  live?: { readonly subscribers: number } | undefined;
}

export class Observability {
  /** Set when the process begins to stop: readyz answers 503 from then on. */
  stopping = false;
  private inFlight = 0;
  readonly metrics: Metrics;
  private migrationsCurrent = false;

  constructor(private readonly deps: ObservedDeps) {
    this.metrics = new Metrics({ db: deps.db, subscribers: () => deps.live?.subscribers ?? 0, inFlight: () => this.inFlight, stopping: () => this.stopping });
  }

  /** The first middleware: id, timing, log line, metrics. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    const t = performance.now();
    const id = acceptedRequestId(c.req.header('x-request-id'), this.deps.config.trustProxy) ?? newRequestId();
    const info: RequestInfo = { id };
    c.set('obs', info);
    // On Node's server the header is set on the response object itself: it joins whatever
    // headers the answer brings (a prepared JSON answer's too) without rebuilding it.
    // A request the app asks of itself with the same environment (the page's start data, http/startData.ts)
    // leaves the response alone: it belongs to the request that claimed it first.
    let outgoing = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing;
    if (outgoing && (claimed.has(outgoing) || outgoing.headersSent || !outgoing.setHeader)) outgoing = undefined;
    if (outgoing) {
      claimed.add(outgoing);
      outgoing.setHeader('X-Request-Id', id);
    }
    this.inFlight++;
    try {
      await next();
    } finally {
      this.inFlight--;
    }
    if (!outgoing) c.header('X-Request-Id', id);
    this.done(c, info, performance.now() - t);
  };

  private done(c: Context, info: RequestInfo, ms: number): void {
    const status = c.res.status;
    const route = info.route ?? routeOf(c, status);
    const entity = info.entity && screens.has(info.entity) ? info.entity : info.entity ? 'other' : '';
    this.metrics.requests.inc({ method: methodLabel(c.req.method), route, status: String(status) });
    this.metrics.duration.observe({ route, entity }, ms / 1000);
    if (status >= 400) this.metrics.errors.inc({ code: info.code ?? (status === 404 ? 'not_found' : 'other'), status: String(status) });
    const line = {
      req: info.id,
      method: c.req.method,
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      ...(info.user !== undefined ? { user: info.user } : {}),
      ...(info.company ? { company: info.company } : {}),
      ...(info.entity ? { entity: info.entity } : {}),
      ...(info.action ? { action: info.action } : {}),
      ...(info.code ? { err_code: info.code } : {}),
    };
    if (status >= 500) requestLog.error(line, 'request');
    else if (QUIET.has(c.req.path)) requestLog.debug(line, 'request');
    else requestLog.info(line, 'request');
  }

  /** GET (and HEAD) /healthz and /readyz, and /metrics when METRICS_TOKEN is set: before any session, host or page route. */
  mount(app: Hono): void {
    const plain = { 'Cache-Control': 'no-store' };
    // Alive: the process answers. Nothing else is asked (a database away is readyz's business).
    app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, plain));
    app.get('/readyz', async (c) => {
      const r = await this.ready();
      return c.json(r.ok ? { status: 'ready' } : { status: 'not_ready', reason: r.reason }, r.ok ? 200 : 503, plain);
    });
    // Without METRICS_TOKEN the route answers as if it were not there (METRICS_PORT serves them apart).
    const token = this.deps.config.metricsToken;
    app.get('/metrics', async (c) => {
      if (!token) return c.notFound();
      requestInfo(c).route = '/metrics';
      if (!sameSecret(bearer(c.req.header('authorization')), token)) {
        requestInfo(c).code = 'unauthorized';
        return c.json({ error: 'unauthorized', message: 'The metrics token is required' }, 401, { ...plain, 'WWW-Authenticate': 'Bearer' });
      }
      return c.body(await this.metrics.text(), 200, { ...plain, 'Content-Type': this.metrics.contentType });
    });
  }

  /** Ready: not stopping, the database answers, its migrations are this version's, the outbox moves. */
  async ready(): Promise<{ ok: true } | { ok: false; reason: 'shutting_down' | 'database' | 'migrations' | 'outbox_stuck' }> {
    if (this.stopping) return { ok: false, reason: 'shutting_down' };
    const db = this.deps.db;
    try {
      await withTimeout(db.query('select 1'), 2_000);
    } catch {
      return { ok: false, reason: 'database' };
    }
    try {
      if (!this.migrationsCurrent) {
        const names = migrationNames();
        const r = await db.query<{ n: number }>('select count(*)::int as n from app.schema_migrations where name = any($1::text[])', [names]);
        if (r.rows[0]!.n !== names.length) return { ok: false, reason: 'migrations' };
        this.migrationsCurrent = true; // applied migrations stay applied
      }
      const { smtpUrl, mailTickMs } = this.deps.config;
      if (smtpUrl && mailTickMs > 0) {
        const r = await db.query<{ stuck: boolean }>(
          `select exists (select 1 from app.mail_outbox where status = 'pending' and next_attempt_at < now() - make_interval(secs => $1::double precision / 1000)) as stuck`,
          [OUTBOX_STUCK_MS],
        );
        if (r.rows[0]!.stuck) return { ok: false, reason: 'outbox_stuck' };
      }
    } catch {
      return { ok: false, reason: 'database' };
    }
    return { ok: true };
  }
}

/** The route template that answered: the last route (not middleware) the router matched; `unmatched` for a 404 of no route. */
function routeOf(c: Context, status: number): string {
  let route: string | undefined;
  try {
    for (const r of matchedRoutes(c)) if (r.method !== 'ALL') route = r.path;
  } catch {
    /* no match result (an answer before routing) */
  }
  return route ?? (status === 404 ? 'unmatched' : 'middleware');
}

const bearer = (h: string | undefined): string => (h && /^Bearer /i.test(h) ? h.slice(7).trim() : '');

/** Equal secrets, in time independent of where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('timeout')), ms)))]).finally(() => clearTimeout(timer));
}
