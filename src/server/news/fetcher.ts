/**
 * Fetching news sources (migration 057), on a schedule and on demand.
 *
 * A round claims sources in one statement, as the mail outbox claims mail: the due active
 * ones (or the ones asked for), FOR UPDATE SKIP LOCKED — a source another process is
 * claiming is skipped, not waited for — with next_fetch_at moved a lease on, so no other
 * process takes it while its feed is downloaded. The download runs outside any transaction
 * (a slow feed holds no lock and, on PGlite, not the one connection); then one transaction
 * stores the new items (deduplicated by URL across sources: `on conflict (url) do nothing`)
 * and the outcome on the source: when, the HTTP status, the failure's code, and the next
 * fetch one interval on. The store applies only to the claim it made (next_fetch_at still
 * the lease): a source deleted meanwhile, or claimed again after its lease ran out, is not
 * written. Any number of processes fetch each source once per interval; a process that dies
 * mid-fetch leaves the source due again when its lease ends.
 *
 * A feed that fails — no answer in time, an error status, too large, not a feed, an address
 * the outbound guard refuses — fails alone: its code is stored on its source (last_error)
 * and the others are fetched as usual.
 */
import type { NewsErrorCode } from '../../core/news.ts';
import type { Db } from '../db/types.ts';
import { publicOutbound, type OutboundFetch } from '../net/outboundFetch.ts';
import { startPoller, type Poller } from '../poller.ts';
import { downloadFeed, FeedFetchError } from './download.ts';
import { feedItems } from './items.ts';
import { errorField, log as logger } from '../obs/log.ts';

export interface NewsFetchOptions {
  /** The whole request of one feed, connect to last byte (default 15 s). */
  timeoutMs?: number;
  /** A feed's body at most (default 4 MiB): reading stops beyond it. */
  maxBytes?: number;
  /** Items taken from one feed at most (default 200); more are left out and the source says too_many_items. */
  maxItems?: number;
  /** Sources claimed per round (default 10). */
  batch?: number;
  /** Feeds downloaded at once (default 4). */
  parallel?: number;
  /** How long a claimed source is this process's (default 10 min, well beyond timeoutMs). */
  leaseMs?: number;
  /** The outbound guard feeds are fetched through (default: public addresses only; tests allow their fakes). */
  outbound?: OutboundFetch;
}

const defaults: Required<NewsFetchOptions> = { timeoutMs: 15_000, maxBytes: 4 * 1024 * 1024, maxItems: 200, batch: 10, parallel: 4, leaseMs: 10 * 60_000, outbound: publicOutbound };
/** Rounds per pass at most: a backlog is worked off over several passes. */
const MAX_ROUNDS = 20;

export interface SourceResult {
  news_source_id: number;
  /** New items stored (items already known by URL are not counted). */
  added: number;
  error: NewsErrorCode | null;
  status: number | null;
}

interface Claimed {
  news_source_id: number;
  feed_url: string;
  lease: string;
}

/** Claims up to `limit` sources matching `where` (parameters from $4 on), leasing them until now + lease. */
async function claim(db: Db, where: string, now: Date, limit: number, leaseMs: number, args: unknown[]): Promise<Claimed[]> {
  const r = await db.query<Claimed>(
    `update app.news_sources s set next_fetch_at = $1::timestamptz + make_interval(secs => $3::double precision / 1000)
     from (select news_source_id from app.news_sources where ${where} order by next_fetch_at, news_source_id limit $2 for update skip locked) c
     where s.news_source_id = c.news_source_id
     returning s.news_source_id, s.feed_url, s.next_fetch_at as lease`,
    [now.toISOString(), limit, leaseMs, ...args],
  );
  return r.rows;
}

/** Downloads and parses one feed: its items, or the failure's code. */
async function read(src: Claimed, o: Required<NewsFetchOptions>): Promise<{ items: ReturnType<typeof feedItems>['items']; error: NewsErrorCode | null; status: number | null }> {
  let status: number | null = null;
  try {
    const got = await downloadFeed(src.feed_url, o, o.outbound);
    status = got.status;
    const parsed = feedItems(got.text, got.url, o.maxItems);
    return { items: parsed.items, error: parsed.capped ? 'too_many_items' : null, status };
  } catch (e) {
    // Anything else the download met is the network's doing: the source says so and the others go on.
    return e instanceof FeedFetchError ? { items: [], error: e.code, status: e.status ?? status } : { items: [], error: 'network', status };
  }
}

/** Stores one claimed source's outcome and new items, if the claim is still its own; null when it is not. */
async function store(db: Db, src: Claimed, got: Awaited<ReturnType<typeof read>>, now: Date): Promise<SourceResult | null> {
  return db.transaction(async (tx) => {
    const mine = await tx.query('select 1 from app.news_sources where news_source_id = $1 and next_fetch_at = $2::timestamptz for update', [src.news_source_id, src.lease]);
    if (!mine.rows.length) return null;
    let added = 0;
    if (got.items.length) {
      const r = await tx.query(
        `insert into app.news_items (news_source_id, url, title, published_on, fetched_at)
         select $1, r.url, r.title, coalesce(r.published_on, $3::timestamptz), $3::timestamptz
         from jsonb_to_recordset($2::jsonb) as r(url text, title text, published_on timestamptz)
         on conflict (url) do nothing
         returning news_item_id`,
        [src.news_source_id, JSON.stringify(got.items), now.toISOString()],
      );
      added = r.rows.length;
    }
    await tx.query(
      `update app.news_sources set last_fetched_at = $2::timestamptz, last_error = $3, last_status = $4,
              next_fetch_at = $2::timestamptz + make_interval(mins => fetch_interval_min)
       where news_source_id = $1`,
      [src.news_source_id, now.toISOString(), got.error, got.status],
    );
    return { news_source_id: src.news_source_id, added, error: got.error, status: got.status };
  });
}

/** Fetches the claimed sources, `parallel` at a time. */
async function fetchClaimed(db: Db, claimed: Claimed[], now: Date, o: Required<NewsFetchOptions>): Promise<SourceResult[]> {
  const out: SourceResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const src = claimed[next++]!;
      const r = await store(db, src, await read(src, o), now);
      if (r) out.push(r);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.parallel, claimed.length) }, worker));
  return out.sort((a, b) => a.news_source_id - b.news_source_id);
}

/** One scheduled pass at `now`: every active source whose next fetch is due, in claimed rounds. */
export async function fetchDue(db: Db, now: Date, opts: NewsFetchOptions = {}): Promise<SourceResult[]> {
  const o = { ...defaults, ...opts };
  const out: SourceResult[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await claim(db, 'active and next_fetch_at <= $1::timestamptz', now, o.batch, o.leaseMs, []);
    out.push(...(await fetchClaimed(db, claimed, now, o)));
    if (claimed.length < o.batch) break;
  }
  return out;
}

/**
 * "Fetch now": the sources asked for, active or not, due or not. One that another process
 * is fetching at this moment is skipped (`busy`): its fetch is under way.
 */
export async function fetchSources(db: Db, ids: number[], now: Date, opts: NewsFetchOptions = {}): Promise<{ results: SourceResult[]; busy: number[] }> {
  const o = { ...defaults, ...opts };
  const claimed = await claim(db, 'news_source_id = any($4::int[])', now, ids.length, o.leaseMs, [ids]);
  const results = await fetchClaimed(db, claimed, now, o);
  const done = new Set(results.map((r) => r.news_source_id));
  return { results, busy: ids.filter((id) => !done.has(id)) };
}

/**
 * Runs `fetchDue` every `intervalMs` (the server starts it; NEWS_TICK_MS, 0 = not in this
 * process). A feed's failure is stored on its source and said in the log by its host and
 * code only (a feed URL may carry credentials).
 */
export function startNewsFetcher(db: Db, opts: NewsFetchOptions & { intervalMs: number; clock?: () => Date; log?: (line: string) => void; onError?: (e: unknown) => void }): Poller {
  const clock = opts.clock ?? (() => new Date());
  const log = opts.log ?? ((line) => logger.info(line));
  return startPoller(
    async () => {
      const results = await fetchDue(db, clock(), opts);
      if (!results.some((r) => r.error)) return;
      const urls = new Map(
        (
          await db.query<{ id: number; feed_url: string }>('select news_source_id as id, feed_url from app.news_sources where news_source_id = any($1::int[])', [results.map((r) => r.news_source_id)])
        ).rows.map((r) => [r.id, r.feed_url]),
      );
      for (const r of results) if (r.error) log(`news: source ${r.news_source_id} (${hostOf(urls.get(r.news_source_id))}): ${r.error}${r.status ? ` (HTTP ${r.status})` : ''}`);
    },
    { intervalMs: opts.intervalMs, onError: opts.onError ?? ((e) => logger.error({ err: errorField(e) }, 'news fetcher: pass failed')) },
  );
}

const hostOf = (url: string | undefined): string => {
  try {
    return url ? new URL(url).host : '?';
  } catch {
    return '?';
  }
};
