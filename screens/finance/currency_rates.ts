import { defineScreen } from '../../schemas/screen.ts';
import { RATE_SOURCES } from '../../src/core/rates.ts';

/**
 * The company's currency rates by day (issue 46, migration 110): the value of one unit of each
 * currency in the company currency, one rate per currency and day, kept when a later day
 * brings another. The rate in force on a day is the latest on or before it (app.rate_on);
 * documents convert with the rate of their own date, the view currency with today's. A rate
 * a user enters or edits is `manual` and the daily feed (src/server/rates/feed.ts) never
 * overwrites it; the toolbar shows the feed's state and fetches it now.
 */
export default defineScreen({
  form: 'currency_rates',
  menu: { icon: 'trending-up', order: 2 },
  source: {
    relation: 'app.currency_rate_days',
    key: 'rate_id',
    write: 'app.currency_rate_days',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'rate_date', sort: 'desc' },
      { colId: 'currency_code', sort: 'asc' },
    ],
  },
  columns: {
    rate_id: { type: 'int', hidden: true },
    rate_date: { type: 'date', editable: true, required: true, defaultFrom: 'today', width: 100 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, required: true, width: 100 },
    rate: { type: 'number', renderer: 'rate', editable: true, required: true, min: 0.000001, max: 9999999999, width: 150 },
    source: { label: 'rate_source', options: [...RATE_SOURCES], optionsKey: 'rate_source', width: 150 },
    updated_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true, bulk: ['rate_feed'] },
});
