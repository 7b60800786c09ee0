/**
 * The daily rate feed (issue 46): RATES_URL (the ECB's daily reference rates by default)
 * fetched through the outbound guard (net/outboundFetch.ts: public addresses only, every
 * redirect checked, one deadline, a bounded body), its rates per EUR turned into each
 * company's rates through EUR (ecb.ts `crossRate`) and stored as the rates of the file's day
 * (migration 110) — only for currencies the database has, never the company's own.
 *
 * A day's rate a user entered (source 'manual') is never overwritten: the feed writes rates
 * no user has written for that day ('feed' of an earlier fetch, a company's 'initial' ones).
 * A failed fetch — an error status, an answer that is no ECB file, a timeout, a refused
 * address — writes no rate: the last rates stay in force, and the failure (when, its code,
 * the status) is kept in app.rate_feed_status beside the last success for the rates screen.
 *
 * The schedule is shared through that row: a pass claims the feed by moving next_fetch_at on
 * (one statement), so any number of processes fetch once per interval; "Fetch now" fetches
 * whatever the schedule says.
 */
import type { RateFeedError } from '../../core/rates.ts';
import type { Db } from '../db/types.ts';
import { OutboundError, type OutboundFetch } from '../net/outboundFetch.ts';
import { startPoller, type Poller } from '../poller.ts';
import { crossRate, EcbFormatError, parseEcbDaily } from './ecb.ts';
import { errorField, log as logger } from '../obs/log.ts';

export interface RateFeedOptions {
  url: string;
  outbound: OutboundFetch;
  /** The whole exchange (default 15 s). */
  timeoutMs?: number;
}

export type RateFeedResult = { ok: true; day: string; stored: number } | { ok: false; error: RateFeedError; status: number | null };

const MAX_BYTES = 1024 * 1024;

class FeedFailure extends Error {
  constructor(
    readonly code: RateFeedError,
    readonly status: number | null = null,
  ) {
    super(`rate feed: ${code}${status ? ` (HTTP ${status})` : ''}`);
  }
}

async function download(opts: RateFeedOptions): Promise<string> {
  try {
    const res = await opts.outbound.get(opts.url, {
      timeoutMs: opts.timeoutMs ?? 15_000,
      maxBytes: MAX_BYTES,
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1', 'user-agent': 'back-office-rates/1' },
    });
    if (res.status < 200 || res.status >= 300) throw new FeedFailure('http_status', res.status);
    return new TextDecoder('utf-8').decode(res.body);
  } catch (e) {
    if (e instanceof FeedFailure) throw e;
    if (e instanceof OutboundError) throw new FeedFailure(e.code === 'redirects' ? 'http_status' : e.code, e.status);
    throw new FeedFailure('network');
  }
}

/** Stores one file's rates for every company; the number of rates written. */
async function store(db: Db, day: string, perEur: Record<string, number>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('app.user_id', '', true)`); // the feed, not a user: its rates are 'feed' ones
    const companies = await tx.query<{ company_code: string; currency_code: string }>('select company_code, currency_code from app.companies');
    const currencies = await tx.query<{ currency_code: string }>('select currency_code from app.currencies');
    const rows: { company_code: string; currency_code: string; rate: number }[] = [];
    for (const c of companies.rows) {
      for (const { currency_code } of currencies.rows) {
        if (currency_code === c.currency_code) continue;
        const rate = crossRate(perEur, c.currency_code, currency_code);
        if (rate !== undefined && rate > 0) rows.push({ company_code: c.company_code, currency_code, rate });
      }
    }
    if (!rows.length) return 0;
    const r = await tx.query(
      `insert into app.currency_rate_days as d (company_code, currency_code, rate, rate_date, source)
       select r.company_code, r.currency_code, r.rate, $2::date, 'feed'
       from jsonb_to_recordset($1::jsonb) as r(company_code text, currency_code text, rate numeric)
       on conflict (company_code, currency_code, rate_date) do update set rate = excluded.rate, source = 'feed', row_version = d.row_version + 1
         where d.source <> 'manual' and d.rate is distinct from excluded.rate`,
      [JSON.stringify(rows), day],
    );
    return r.rowCount ?? rows.length;
  });
}

/** One fetch: the rates stored, or the failure recorded (the last rates kept). */
export async function fetchRates(db: Db, opts: RateFeedOptions): Promise<RateFeedResult> {
  try {
    const text = await download(opts);
    let parsed;
    try {
      parsed = parseEcbDaily(text);
    } catch (e) {
      if (e instanceof EcbFormatError) throw new FeedFailure('invalid_feed');
      throw e;
    }
    const stored = await store(db, parsed.day, parsed.perEur);
    await db.query('update app.rate_feed_status set last_fetched_at = now(), last_rate_date = $1::date, last_stored = $2', [parsed.day, stored]);
    return { ok: true, day: parsed.day, stored };
  } catch (e) {
    if (!(e instanceof FeedFailure)) throw e;
    await db.query('update app.rate_feed_status set last_failed_at = now(), last_error = $1, last_status = $2', [e.code, e.status]);
    return { ok: false, error: e.code, status: e.status };
  }
}

/** Claims the scheduled fetch (next_fetch_at passed: moved `intervalMs` on); false when another process has it or it is not due. */
async function claim(db: Db, intervalMs: number): Promise<boolean> {
  const r = await db.query(
    `update app.rate_feed_status set next_fetch_at = now() + make_interval(secs => $1::double precision / 1000)
     where next_fetch_at <= now() + interval '1 second' returning id`,
    [Math.max(intervalMs - 1_000, 0)],
  );
  return r.rows.length > 0;
}

const FIRST_LOOK_MS = 2_000;

/** The feed every `intervalMs` in this process (RATES_TICK_MS), fetched when due across the processes (the first look soon after the start). */
export function startRateFeed(db: Db, opts: RateFeedOptions & { intervalMs: number; log?: (line: string) => void }): Poller {
  const log = opts.log ?? ((line) => logger.info(line));
  const host = (() => {
    try {
      return new URL(opts.url).host;
    } catch {
      return '?';
    }
  })();
  return startPoller(
    async () => {
      if (!(await claim(db, opts.intervalMs))) return;
      const r = await fetchRates(db, opts);
      if (!r.ok) log(`rates: fetch from ${host} failed: ${r.error}${r.status ? ` (HTTP ${r.status})` : ''}; the last rates are kept`);
    },
    // The first look right after the start: a new database's feed is due at once, not an interval later.
    { intervalMs: opts.intervalMs, firstMs: Math.min(opts.intervalMs, FIRST_LOOK_MS), onError: (e) => logger.error({ err: errorField(e) }, 'rate feed: pass failed') },
  );
}
