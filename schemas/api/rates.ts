/** The daily currency-rate feed (issue 46) on the rates screen (/finance/currency_rates). */
import * as v from 'valibot';
import { RATE_FEED_ERRORS } from '../../src/core/rates.ts';
import { defineAction, NoPayload } from './defineAction.ts';

/**
 * The feed's state: whether it is on (RATES_URL not empty) and the host it reads; the last
 * fetch that stored rates (when, of which day, how many rates it wrote); the last failure
 * (when, why, the HTTP status). A failure later than the last success is in force: the
 * rates of the last success are kept.
 */
export const RateFeedStatus = v.object({
  enabled: v.boolean(),
  host: v.nullable(v.string()),
  last_fetched_at: v.nullable(v.string()),
  last_rate_date: v.nullable(v.string()),
  last_stored: v.nullable(v.number()),
  last_failed_at: v.nullable(v.string()),
  last_error: v.nullable(v.picklist(RATE_FEED_ERRORS)),
  last_status: v.nullable(v.number()),
});
export const RateFeedStatusOutput = v.object({ data: RateFeedStatus });

export const rateActions = {
  rate_feed_status: defineAction({
    entity: 'rate_feed_status',
    action: 'list',
    page: '/finance/currency_rates',
    flag: 'list',
    input: NoPayload,
    output: RateFeedStatusOutput,
    summary: "The daily rate feed's state: on or off, its host, the last fetch that stored rates and the last failure.",
  }),
  rate_feed_fetch: defineAction({
    entity: 'rate_feed_fetch',
    action: 'set',
    page: '/finance/currency_rates',
    flag: 'set',
    input: NoPayload,
    output: RateFeedStatusOutput,
    summary: 'The rate feed fetched now (its rates stored for every company; a failure keeps the last rates); answers the state after it. 503 `not_configured` when RATES_URL is empty.',
  }),
};
