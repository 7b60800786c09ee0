/**
 * Prometheus metrics of this process (prom-client, a registry of its own per server so two
 * servers in one process — the tests — do not share counters). Labels are bounded: route
 * templates (`/rpc/<procedure>`, `/api/files/:id` …, `unmatched` for what no route serves),
 * descriptor entity codes (`other` for anything not in the registry), error codes of
 * core/errorCodes.ts, HTTP methods and status codes — never a raw URL, id or user.
 * What the database knows (outbox depth and age, scheduler lag) is read at scrape time.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/types.ts';

export interface MetricsSources {
  db: Db;
  /** Live rows' open streams in this process. */
  subscribers(): number;
  /** Requests being answered now. */
  inFlight(): number;
  /** True once the process is stopping. */
  stopping(): boolean;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
export const methodLabel = (m: string): string => (METHODS.has(m) ? m : 'other');

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer (to the response head), by route template and entity',
    labelNames: ['route', 'entity'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'http_errors_total',
    help: 'Error answers by error code (core/errorCodes.ts; internal: a server bug)',
    labelNames: ['code', 'status'] as const,
    registers: [this.registry],
  });

  constructor(src: MetricsSources) {
    const r = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being answered now',
      registers: r,
      collect() {
        this.set(src.inFlight());
      },
    });
    new Gauge({
      name: 'process_shutting_down',
      help: '1 once SIGTERM was received',
      registers: r,
      collect() {
        this.set(src.stopping() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'live_rows_subscribers',
      help: 'Open live-row streams (GET /api/live) in this process',
      registers: r,
      collect() {
        this.set(src.subscribers());
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); absent on PGlite',
      labelNames: ['state'] as const,
      registers: r,
      collect() {
        const s = src.db.poolStats?.();
        if (!s) return;
        for (const [state, n] of Object.entries(s)) this.set({ state }, n);
      },
    });
    // The database's queues: read once per scrape (every gauge below awaits the same reading).
    let reading: Promise<DbFigures> | undefined;
    const figures = () => (reading ??= readDbFigures(src.db).finally(() => setImmediate(() => (reading = undefined))));
    const fromDb = (name: string, help: string, pick: (f: DbFigures) => number | undefined) =>
      new Gauge({
        name,
        help,
        registers: r,
        async collect() {
          const v = pick(await figures());
          if (v === undefined) this.reset();
          else this.set(v);
        },
      });
    fromDb('outbox_pending', 'Mails waiting in app.mail_outbox (pending)', (f) => f.outboxPending);
    fromDb('outbox_oldest_due_seconds', 'How long the oldest pending mail has been due (0: none due)', (f) => f.outboxAge);
    fromDb('scheduler_lag_seconds', 'How long the oldest due workflow timeout or loop has waited (0: none due)', (f) => f.schedulerLag);
    fromDb('metrics_db_read_failed', '1 when this scrape could not read the database figures (then absent)', (f) => (f.failed ? 1 : 0));
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

interface DbFigures {
  outboxPending?: number;
  outboxAge?: number;
  schedulerLag?: number;
  failed: boolean;
}

async function readDbFigures(db: Db): Promise<DbFigures> {
  try {
    const [o, s] = await Promise.all([
      db.query<{ n: number; age: number | null }>(
        `select count(*)::int as n, extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as age
         from app.mail_outbox where status = 'pending'`,
      ),
      db.query<{ lag: number | null }>(
        `select extract(epoch from now() - least(
           (select min(due_at) from app.fsm_instances where due_at <= now()),
           (select min(next_loop_at) from app.fsm_instances where next_loop_at <= now())))::float8 as lag`,
      ),
    ]);
    return { outboxPending: o.rows[0]?.n ?? 0, outboxAge: Math.max(0, o.rows[0]?.age ?? 0), schedulerLag: Math.max(0, s.rows[0]?.lag ?? 0), failed: false };
  } catch {
    return { failed: true };
  }
}
