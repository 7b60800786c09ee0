import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { recordEngineStatus } from './ai/engineStatus.ts';
import { jwtSecret, tokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { createAdmin, hasUsers } from './db/firstAdmin.ts';
import { warnEmailConflicts } from './auth/emailConflicts.ts';
import { startMaintenance } from './db/maintenance.ts';
import { migrate } from './db/migrate.ts';
import { openDb, openReads } from './db/open.ts';
import { seed } from './db/seed/index.ts';
import type { Db } from './db/types.ts';
import { createApp } from './http/app.ts';
import { LiveRows } from './http/liveRows.ts';
import { SessionCache } from './http/sessionCache.ts';
import { workerIndex } from './cluster.ts';
import { startOutbox, type OutboxRunner } from './mail/outbox.ts';
import { describeSmtpUrl, smtpTransport } from './mail/transport.ts';
import { configuredOutbound } from './net/outboundFetch.ts';
import { startNewsFetcher } from './news/fetcher.ts';
import { startRateFeed } from './rates/feed.ts';
import { describeImapUrl } from './imap/client.ts';
import { startImapSync } from './imap/poller.ts';
import { AfterAnswer } from './afterAnswer.ts';
import type { Poller } from './poller.ts';
import { startArrivals } from './storefront/arrivals.ts';
import { startCartReminders } from './storefront/cartReminders.ts';
import { startScheduler, type SchedulerRunner } from './workflow/scheduler.ts';
import { startStockEvents } from './workflow/stockEvents.ts';
import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import { log } from './obs/log.ts';
import { Observability, sameSecret } from './obs/observe.ts';

/** The app's request handler, as @hono/node-server calls it. */
export type FetchHandler = Parameters<typeof serve>[0]['fetch'];

/** Where an app takes requests: its address, and how it stops (after the responses under way). */
export interface Listener {
  url: string;
  /**
   * Stops taking connections and resolves once every request under way has its whole answer;
   * an idle keep-alive connection is closed at once, a busy one after its answer (which says
   * `Connection: close`). `cutAfterMs`: connections still open then are cut.
   */
  close(cutAfterMs?: number): Promise<void>;
}

/** Brings `fetch` its requests. */
export type Serve = (fetch: FetchHandler) => Promise<Listener>;

/** An HTTP server on `port` (0: a free one) on every interface, answering with `fetch`. */
export async function listen(fetch: FetchHandler, port: number): Promise<Listener> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: '0.0.0.0' }, () => resolve(s));
    s.once('error', reject);
  });
  // Stopping: each answer closes its connection, and a connection that falls idle is closed.
  const http = server as HttpServer;
  let closing = false;
  const busy = new Set<ServerResponse>();
  const closeIdle = () => setImmediate(() => http.closeIdleConnections());
  http.prependListener('request', (_req, res) => {
    busy.add(res);
    res.once('close', () => busy.delete(res));
    if (!closing) return;
    res.setHeader('Connection', 'close');
    res.once('finish', closeIdle);
  });
  // Idle keep-alive connections live longer than a client's or proxy's own idle timeout (commonly
  // 60 s): a client whose event loop was busy must not send on a socket the server just closed.
  // Which worker answered (WORKERS=N): for operators and the multi-process tests; a number, nothing more.
  const worker = workerIndex();
  if (worker) server.prependListener('request', (_req: unknown, res: { setHeader(name: string, value: string): void }) => res.setHeader('X-Worker', worker));
  if ('keepAliveTimeout' in server) Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${bound}`,
    close: (cutAfterMs) =>
      new Promise<void>((r) => {
        closing = true;
        const cut = cutAfterMs === undefined ? undefined : setTimeout(() => http.closeAllConnections(), cutAfterMs);
        cut?.unref();
        http.close(() => {
          clearTimeout(cut);
          r();
        });
        // Idle keep-alive connections now; a busy one once its answer is sent.
        http.closeIdleConnections();
        for (const res of busy) res.once('finish', closeIdle);
      }),
  };
}

export interface Running {
  url: string;
  db: Db;
  /** Resolves once the work requests began after their answers (a reset link's mail) has ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, loads the reference data (and the demo data when
 * config.demoData) into a new database, makes the first administrator from config.admin
 * when there is no user, serves HTTP, runs the workflow scheduler (config.workflowTickMs) and the
 * stock-driven order events (config.stockEventsTickMs), fetches
 * the news sources (config.newsTickMs) and the currency rates (config.ratesTickMs) and
 * sends the outbox's e-mail (config.mailTickMs, by SMTP from config.smtpUrl) and queues the
 * storefront's arrival notifications (config.arrivalTickMs) and cart reminders (config.cartReminderTickMs). `opened`: a
 * database already open instead of config's (the tests' seeded copies); closed with the server.
 * `serveApp`: what brings the app its requests — its own HTTP server on config.port (`listen`)
 * unless the caller has another (the e2e tests' one listener per worker).
 */
export async function startServer(config: Config, opened?: Db, serveApp: Serve = (fetch) => listen(fetch, config.port)): Promise<Running> {
  const db = opened ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  let sessions: SessionCache | undefined;
  let live: LiveRows | undefined;
  let metricsServer: HttpServer | undefined;
  let reads: Db | undefined;
  try {
    const applied = await migrate(db);
    if (applied.length) log.info(`database: applied ${applied.join(', ')}`);
    await warnEmailConflicts(db);
    const t = Date.now();
    const seeded = await seed(db, { demo: config.demoData, products: config.demoProducts });
    if (seeded.demo) log.info(`database: demo data loaded in ${Date.now() - t} ms`);
    else if (seeded.reference) log.info('database: reference data loaded (no demo data)');
    const { added, adminPages } = seeded.synced;
    if (added.length) log.info(`database: reference data added: ${added.join(', ')}`);
    if (adminPages) log.info(`database: the administrator role given every flag on ${adminPages} more page(s)`);
    if (config.admin) {
      const made = await createAdmin(db, config.admin, { onlyFirst: true });
      if (made.created) log.info(`database: administrator ${made.email} created${made.company ? `, with the company ${made.company}` : ''}`);
    } else if (!(await hasUsers(db))) {
      log.info('database: no user yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run create-admin`');
    }
    await recordEngineStatus(db, config); // the settings' "configured" (never a key)
    const signer = tokenSigner(await jwtSecret(db, config.jwtSecret), config.accessTtlSec);
    sessions = await SessionCache.open(db); // after the migrations: 020 sends its notifications
    live = await LiveRows.open({ db, signer, config, sessions });
    const afterAnswer = new AfterAnswer();
    // The heavy reads' handle (DATABASE_READ_URL's replica, else the primary itself).
    reads = await openReads(db, config.databaseReadUrl);
    if (reads !== db) log.info('database: reports, Ask-AI, exports and storefront listings read from the replica (DATABASE_READ_URL)');
    const obs = new Observability({ db, config, live });
    const app = createApp({ db, reads, signer, config, sessions, live, afterAnswer, obs });
    const listener = await serveApp(app.fetch);
    metricsServer = config.metricsPort !== undefined ? await serveMetrics(obs, config.metricsPort, config.metricsToken) : undefined;
    const scheduler: SchedulerRunner | undefined = config.workflowTickMs > 0 ? startScheduler(db, { intervalMs: config.workflowTickMs }) : undefined;
    // Sales orders moved by goods arriving or missing (the stock changes queued by migration 123).
    const stockEvents: Poller | undefined = config.stockEventsTickMs > 0 ? startStockEvents(db, { intervalMs: config.stockEventsTickMs }) : undefined;
    if (config.outboundAllowHosts.length) log.warn(`OUTBOUND_ALLOW_HOSTS is set (test only): ${config.outboundAllowHosts.join(', ')} fetched whatever their addresses`);
    const news: Poller | undefined = config.newsTickMs > 0 ? startNewsFetcher(db, { intervalMs: config.newsTickMs, outbound: configuredOutbound(config) }) : undefined;
    // The daily currency rates (RATES_URL, through the same guard as the news).
    const rates: Poller | undefined =
      config.ratesUrl && config.ratesTickMs > 0 ? startRateFeed(db, { url: config.ratesUrl, intervalMs: config.ratesTickMs, outbound: configuredOutbound(config) }) : undefined;
    const imap: Poller | undefined = config.imapUrl && config.imapTickMs > 0 ? startImapSync(db, { imapUrl: config.imapUrl, intervalMs: config.imapTickMs }) : undefined;
    if (imap && config.imapUrl) log.info(`mail for AI: synchronising ${describeImapUrl(config.imapUrl)} every ${config.imapTickMs / 1000} s`);
    let outbox: OutboxRunner | undefined;
    const transport = config.smtpUrl && config.mailTickMs > 0 ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined;
    if (config.mailTickMs > 0) {
      log.info(config.smtpUrl ? `mail: by SMTP to ${describeSmtpUrl(config.smtpUrl)}` : 'mail: SMTP_URL not set: e-mails wait in the outbox');
      outbox = startOutbox(db, { intervalMs: config.mailTickMs, transport, smtpUrl: config.smtpUrl });
    }
    // "Notify me when in stock": the mails of products back in stock (queued in the outbox).
    const arrivals: Poller | undefined = config.arrivalTickMs > 0 ? startArrivals(db, { intervalMs: config.arrivalTickMs }) : undefined;
    // Abandoned carts: each one reminder mail after its shop's delay (queued in the outbox).
    const cartReminders: Poller | undefined = config.cartReminderTickMs > 0 ? startCartReminders(db, { intervalMs: config.cartReminderTickMs }) : undefined;
    // PGlite has no autovacuum daemon: this process is its only one (db/maintenance.ts).
    const maintenance: Poller | undefined = db.engine === 'pglite' && config.maintenanceTickMs > 0 ? startMaintenance(db, { intervalMs: config.maintenanceTickMs }) : undefined;
    return {
      url: listener.url,
      db,
      settled: () => afterAnswer.settled(),
      async close() {
        // readyz answers 503 from now; a balancer given SHUTDOWN_DELAY_MS sees it before the listener closes.
        obs.stopping = true;
        if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
        await live!.close(); // its streams first: the server waits for open responses
        await listener.close(config.shutdownTimeoutMs);
        await new Promise<void>((r) => (metricsServer ? metricsServer.close(() => r()) : r()));
        await afterAnswer.settled(); // nothing begun for an answer already given is cut off
        await scheduler?.stop();
        await stockEvents?.stop();
        await news?.stop();
        await rates?.stop();
        await imap?.stop();
        await arrivals?.stop();
        await cartReminders?.stop();
        await maintenance?.stop();
        await outbox?.stop();
        transport?.close();
        await sessions!.close();
        if (reads !== db) await reads!.close();
        await db.close();
      },
    };
  } catch (e) {
    metricsServer?.close();
    await live?.close().catch(() => {});
    await sessions?.close().catch(() => {});
    if (reads && reads !== db) await reads.close().catch(() => {});
    await db.close().catch(() => {});
    throw e;
  }
}

/** METRICS_PORT: the metrics alone on a port of their own (GET /metrics; the token too when METRICS_TOKEN is set). */
function serveMetrics(obs: Observability, port: number, token: string | undefined): Promise<HttpServer> {
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
    if (token && !sameSecret(given, token)) return void res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
    obs.metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': obs.metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => {
      log.info({ port: (server.address() as AddressInfo).port }, 'metrics: served on their own port');
      resolve(server);
    });
  });
}
