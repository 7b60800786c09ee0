import pg from 'pg';
import type { Db, ListenHandlers, Listening, Queryable, QueryResult } from './types.ts';
import { OID, parseDate, parseNumber, parseTimestamp } from './types-parse.ts';
import { errorField, log as logger } from '../obs/log.ts';

const typeParsers: Record<number, (v: string) => unknown> = {
  [OID.int8]: parseNumber,
  [OID.numeric]: parseNumber,
  [OID.date]: parseDate,
  [OID.timestamp]: parseTimestamp,
  [OID.timestamptz]: parseTimestamp,
};
const types = {
  getTypeParser: ((oid: number, format?: string) => typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await c.query({ text: sql, values: params as unknown[], types });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

/** A PostgreSQL server (15+) reached through DATABASE_URL. */
export async function openPostgres(url: string, opts: { applicationName?: string } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(opts.applicationName ? { application_name: opts.applicationName } : {}) });
  pool.on('error', (e) => logger.error({ err: errorField(e) }, 'postgres pool error'));
  await pool.query('select 1'); // fail at start, not at the first request
  return {
    engine: 'postgres',
    jsonRows: false,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    listen: (channel, on) => listenPostgres(url, channel, on),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: 10 }),
  };
}

/** How long sync() waits for the listening connection before it answers false and reconnects. */
const SYNC_TIMEOUT_MS = 2000;
const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Notifications through one dedicated connection (not from the pool: LISTEN belongs to a
 * session), reconnected after any error with a growing pause; every loss and every fresh
 * LISTEN calls `on.reset()`, and `live` is false in between.
 *
 * sync() is a round trip on that connection (an empty query). It is exact, not a matter
 * of timing: a committing backend signals the listening backends during its commit,
 * before it answers its own client; the listening backend then sends the notification
 * before the ReadyForQuery of the next statement it runs (PostgresMain processes a
 * pending notify interrupt just before ReadyForQuery). A transaction that committed
 * before sync() was called has signalled before the empty query was even sent, so its
 * notification arrives on the socket ahead of the answer — and node-postgres emits
 * 'notification' while parsing, before it settles the query. Concurrent calls share
 * round trips: one in flight, at most one queued behind it (every caller's round trip
 * starts after its call).
 */
async function listenPostgres(url: string, channel: string, on: ListenHandlers): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: not a plain channel name: ${channel}`);
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let sent: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    live = false;
    sent = queued = null;
    on.reset();
    c.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: `listen ${channel}` });
    client = c;
    c.on('notification', (m) => {
      if (client === c && m.channel === channel) on.notify(m.payload ?? '');
    });
    c.on('error', (e) => {
      if (client === c) logger.error({ err: errorField(e), channel }, 'postgres listener: error');
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (e) {
      if (client === c && !closed) logger.error({ err: errorField(e), channel }, 'postgres listener: cannot listen');
      lost(c);
      return;
    }
    if (client !== c) return;
    failures = 0;
    on.reset();
    live = true;
  };

  const roundTrip = (c: pg.Client): Promise<boolean> =>
    new Promise((resolve) => {
      // No answer in time: the connection is treated as lost (reconnect; meanwhile not live).
      const timer = setTimeout(() => {
        resolve(false);
        if (client === c) logger.error({ channel }, `postgres listener: no answer in ${SYNC_TIMEOUT_MS} ms, reconnecting`);
        lost(c);
      }, SYNC_TIMEOUT_MS);
      c.query('').then(
        () => {
          clearTimeout(timer);
          resolve(client === c && live);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });

  const sync = (): boolean | Promise<boolean> => {
    const c = client;
    if (!live || !c) return false;
    if (!sent) {
      const p = roundTrip(c).finally(() => {
        if (sent === p) sent = null;
      });
      sent = p;
      return p;
    }
    if (!queued) {
      const q = sent.then(() => {
        if (queued === q) queued = null;
        return sync();
      });
      queued = q;
    }
    return queued;
  };

  await connect(); // on failure it retries in the background; meanwhile live is false
  return {
    get live() {
      return live;
    },
    sync,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      if (c) {
        client = null;
        live = false;
        on.reset();
        await c.end().catch(() => {});
      }
    },
  };
}
