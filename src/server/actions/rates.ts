/**
 * The rate feed on the rates screen (/finance/currency_rates, issue 46): its state
 * (`rate_feed_status`, list) and "Fetch now" (`rate_feed_fetch`, set), src/server/rates/feed.ts.
 * The feed is the server's, shared by the companies; the page right is the scope (the rates
 * it writes are every company's, as the scheduled fetch writes them).
 */
import { actionContracts } from '../../../schemas/api.ts';
import type { RateFeedError } from '../../core/rates.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { configuredOutbound } from '../net/outboundFetch.ts';
import { fetchRates } from '../rates/feed.ts';
import { implement } from './implement.ts';

const hostOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
};

async function status(db: Queryable, url: string | undefined) {
  const r = await db.query<{
    last_fetched_at: string | null;
    last_rate_date: string | null;
    last_stored: number | null;
    last_failed_at: string | null;
    last_error: RateFeedError | null;
    last_status: number | null;
  }>(
    `select to_json(last_fetched_at) #>> '{}' as last_fetched_at, to_char(last_rate_date, 'YYYY-MM-DD') as last_rate_date, last_stored,
            to_json(last_failed_at) #>> '{}' as last_failed_at, last_error, last_status
     from app.rate_feed_status`,
  );
  const s = r.rows[0];
  return {
    enabled: !!url,
    host: hostOf(url),
    last_fetched_at: s?.last_fetched_at ?? null,
    last_rate_date: s?.last_rate_date ?? null,
    last_stored: s?.last_stored ?? null,
    last_failed_at: s?.last_failed_at ?? null,
    last_error: s?.last_error ?? null,
    last_status: s?.last_status ?? null,
  };
}

export const rateFeedStatus = implement(actionContracts.rate_feed_status, async ({ db, config }) => status(db, config.ratesUrl));

export const rateFeedFetch = implement(actionContracts.rate_feed_fetch, async ({ db, config }) => {
  if (!config.ratesUrl) throw new HttpError(503, 'not_configured', 'the rate feed is off (RATES_URL is empty)', {}, undefined, { engine: 'Rate feed', variable: 'RATES_URL' });
  await fetchRates(db, { url: config.ratesUrl, outbound: configuredOutbound(config) });
  return status(db, config.ratesUrl);
});
