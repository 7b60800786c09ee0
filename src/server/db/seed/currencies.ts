import type { Queryable } from '../types.ts';
import { insertRows, type Column } from './insert.ts';
import { ml, type Ml } from './languages.ts';
import { round } from './prng.ts';

interface Currency {
  code: string;
  precision: number;
  /** Units of this currency per 1 EUR: one fixed table keeps every company's rates consistent. */
  perEur: number;
  name: Ml;
}

/** Precision: the digits prices are shown with (forint prices are whole: no fillér since 1999). */
export const currencies: Currency[] = [
  { code: 'EUR', precision: 2, perEur: 1, name: ml('Euro', 'Euro', 'euró', 'euro', 'euro', 'euro', 'евро') },
  { code: 'HUF', precision: 0, perEur: 395, name: ml('Hungarian forint', 'Ungarischer Forint', 'magyar forint', 'maďarský forint', 'forint maghiar', 'maďarský forint', 'унгарски форинт') },
  { code: 'CZK', precision: 2, perEur: 25.2, name: ml('Czech koruna', 'Tschechische Krone', 'cseh korona', 'česká koruna', 'coroană cehă', 'česká koruna', 'чешка крона') },
  { code: 'USD', precision: 2, perEur: 1.08, name: ml('US dollar', 'US-Dollar', 'amerikai dollár', 'americký dolár', 'dolar american', 'americký dolar', 'щатски долар') },
  { code: 'RON', precision: 2, perEur: 4.97, name: ml('Romanian leu', 'Rumänischer Leu', 'román lej', 'rumunský lei', 'leu românesc', 'rumunský lei', 'румънска лея') },
  { code: 'BGN', precision: 2, perEur: 1.95583, name: ml('Bulgarian lev', 'Bulgarischer Lew', 'bolgár leva', 'bulharský lev', 'leva bulgărească', 'bulharský lev', 'български лев') },
  { code: 'PLN', precision: 2, perEur: 4.3, name: ml('Polish złoty', 'Polnischer Złoty', 'lengyel złoty', 'poľský zlotý', 'zlot polonez', 'polský zlotý', 'полска злота') },
  { code: 'GBP', precision: 2, perEur: 0.85, name: ml('Pound sterling', 'Britisches Pfund', 'angol font', 'britská libra', 'liră sterlină', 'britská libra', 'британска лира') },
];

const perEur = new Map(currencies.map((c) => [c.code, c.perEur]));

/** Value of 1 unit of `currency` in `own` currency (the meaning of company_currency_rates.rate). */
export function rate(own: string, currency: string): number {
  const o = perEur.get(own);
  const c = perEur.get(currency);
  if (o === undefined || c === undefined) throw new Error(`no rate for ${own}/${currency}`);
  return round(o / c, 10);
}

/** The currency rows (reference data: seeded, and synced on every start by referenceSync.ts). */
export const currencyRows = currencies.map((c, i) => ({
  currency_code: c.code,
  currency_name: c.name,
  currency_precision: c.precision,
  position: i + 1,
}));

/** A currency row's columns (the seed and the reference sync write the same). */
export const currencyColumns: readonly Column[] = [
  ['currency_code', 'text'],
  ['currency_name', 'jsonb'],
  ['currency_precision', 'int'],
  ['position', 'int'],
];

export async function seedCurrencies(tx: Queryable): Promise<void> {
  await insertRows(tx, 'app.currencies', currencyColumns, currencyRows);
}
