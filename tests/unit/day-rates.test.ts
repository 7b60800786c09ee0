/**
 * A document's amount in the view currency as its own day gives it (issue 46): a money column
 * whose rows carry the company's rates of the document's day (`ratesField`) is shown and typed
 * with those rates, not today's; its filters and totals read the company currency (a sum
 * over several days has no one day's rate); the descriptor's rule for it.
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { convertsFilter, moneyTyping, moneyView, totalMoney } from '../../src/app/grid/moneyCurrency.ts';
import type { CellCtx, CellSession } from '../../src/app/grid/types.ts';
import { createIntl } from '@formatjs/intl';
import { shownMoney } from '../../src/core/columnTypes/money.ts';
import { cellHtml, type PaintCtx } from '../../src/server/http/firstPaintCells.ts';

/** HU01 today: 1 EUR = 392.565 HUF; on the invoice's day it was 380. */
const session: CellSession = {
  currency: 'EUR',
  companyCurrency: 'HUF',
  companyRates: { HUF: 1, EUR: 392.565, USD: 360 },
  currencies: [
    { currency_code: 'HUF', currency_precision: 0 },
    { currency_code: 'EUR', currency_precision: 2 },
    { currency_code: 'USD', currency_precision: 2 },
  ],
  cdn: '',
  shops: [],
  languages: [],
};
const ctx = { lang: 'en', session } as unknown as CellCtx;

const screen = parseScreen({
  form: 'invoices',
  route: '/finance/invoices',
  source: { relation: 'app.v_invoices', key: 'id' },
  columns: {
    id: { type: 'int' },
    amount_company: { type: 'money', ratesField: 'day_rates' },
    today_company: { type: 'money' },
    day_rates: { type: 'json', hidden: true },
  },
});
const model = buildGridModel(screen);
const dayCol = model.byField.get('amount_company')!;
const todayCol = model.byField.get('today_company')!;

describe('money converted with the rates of its row’s day', () => {
  const row = { id: 1, amount_company: 38_000, today_company: 38_000, day_rates: { HUF: 1, EUR: 380, USD: 350 } };

  it('shows a document’s company amount in the view currency with its day’s rates, the other columns with today’s', () => {
    expect(shownMoney(38_000, moneyTyping(dayCol, row, ctx)!, 'en').text).toBe('€100.00');
    expect(shownMoney(38_000, moneyTyping(todayCol, row, ctx)!, 'en').text).toBe('€96.80');
    // In USD that day: 38,000 / 350.
    expect(shownMoney(38_000, moneyTyping(dayCol, row, { ...ctx, session: { ...session, currency: 'USD' } })!, 'en').text).toBe('US$108.57');
    // A row without its day's rates (an older answer): today's.
    expect(shownMoney(38_000, moneyTyping(dayCol, { ...row, day_rates: null }, ctx)!, 'en').text).toBe('€96.80');
  });

  it('filters and totals such a column in the company currency', () => {
    expect(convertsFilter(dayCol)).toBe(false);
    expect(moneyView(dayCol, session)).toEqual({ factor: 1, precision: 0 });
    expect(moneyView(todayCol, session)).toEqual({ factor: 1 / 392.565, precision: 2 });
    expect(totalMoney(76_000, dayCol, ctx)).toBe('HUF\u00a076,000');
    expect(totalMoney(76_000, todayCol, ctx)).toBe('€193.60');
  });

  it('takes ratesField only on a company-currency money column naming a json column', () => {
    const bad = (columns: Record<string, unknown>) => () => parseScreen({ form: 'x', source: { relation: 'app.x', key: 'id' }, columns: { id: { type: 'int' }, ...columns } });
    expect(bad({ a: { type: 'number', ratesField: 'r' }, r: { type: 'json' } })).toThrow(/ratesField: expected a money column/);
    expect(bad({ a: { type: 'money', ratesField: 'r' }, r: { type: 'text' } })).toThrow(/ratesField: expected a json column/);
    expect(bad({ a: { type: 'money', currencyField: 'c', ratesField: 'r' }, c: {}, r: { type: 'json' } })).toThrow(/ratesField: expected a money column in the company currency/);
  });

  it('paints the first rows on the server as the grid shows them, whatever scale the page’s rates have', () => {
    // The page's rates are the view currency's (view_currency_rates: EUR 1); a row's are the company's.
    const paint: PaintCtx = {
      lang: 'en',
      intl: createIntl({ locale: 'en-GB', messages: {} }),
      money: { view: 'EUR', company: 'HUF', rates: { EUR: 1, HUF: 1 / 392.565, USD: 360 / 392.565 }, digits: (c) => (c === 'HUF' ? 0 : 2) },
      lookup: () => undefined,
    };
    const html = (field: string) => cellHtml(screen.columns[field]!, 'money', 38_000, row, paint, false);
    expect(html('amount_company')).toContain('€100.00');
    expect(html('today_company')).toContain('€96.80');
  });
});
