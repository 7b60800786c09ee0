import type { Queryable } from '../types.ts';
import { currencies, rate } from './currencies.ts';
import { insertRows, syncSerial } from './insert.ts';
import { ml, mlFrom, type Lang } from './languages.ts';

export interface Company {
  code: string;
  name: string;
  currency: string;
  country: string;
  /** The language of its own mail (to its accounting) and of partners' who have none. */
  language: Lang;
  /** Where "Notify accounting" on a write-off goes (settings/companies). */
  accountingEmail: string;
}

/** Position 1 (SK01, EUR) is every user's default company. */
export const companies: Company[] = [
  { code: 'SK01', name: 'Dunaj Trade s.r.o.', currency: 'EUR', country: 'SK', language: 'sk', accountingEmail: 'uctovnictvo@dunaj-trade.example' },
  { code: 'HU01', name: 'Tisza Kereskedelmi Kft.', currency: 'HUF', country: 'HU', language: 'hu', accountingEmail: 'konyveles@tisza-kereskedelmi.example' },
  { code: 'CZ01', name: 'Vltava Obchod s.r.o.', currency: 'CZK', country: 'CZ', language: 'cs', accountingEmail: 'ucetni@vltava-obchod.example' },
];

// [hostname, shop name, company, currency, language]; the CZ company also runs a EUR shop for export.
const shops: [string, string, string, string, Lang][] = [
  ['shop-sk.example.com', 'Dunaj Shop', 'SK01', 'EUR', 'sk'],
  ['shop-at.example.com', 'Dunaj Shop Österreich', 'SK01', 'EUR', 'de'],
  ['shop-hu.example.com', 'Tisza Webáruház', 'HU01', 'HUF', 'hu'],
  ['b2b-hu.example.com', 'Tisza B2B', 'HU01', 'HUF', 'hu'],
  ['shop-cz.example.com', 'Vltava Shop', 'CZ01', 'CZK', 'cs'],
  ['b2b-cz.example.com', 'Vltava B2B', 'CZ01', 'CZK', 'cs'],
  ['shop-eu.example.com', 'Vltava Export', 'CZ01', 'EUR', 'en'],
];

export interface Vat {
  id: number;
  company: string;
  code: string;
  rate: number;
  isDefault: boolean;
}

type VatKind = 'standard' | 'reduced' | 'zero';
const vatLabel: Record<VatKind, Record<Lang, string>> = {
  standard: ml('Standard rate', 'Normalsatz', 'Általános kulcs', 'Základná sadzba', 'Cotă standard', 'Základní sazba', 'Стандартна ставка'),
  reduced: ml('Reduced rate', 'Ermäßigter Satz', 'Kedvezményes kulcs', 'Znížená sadzba', 'Cotă redusă', 'Snížená sazba', 'Намалена ставка'),
  zero: ml('Zero rate', 'Nullsatz', 'Nulla kulcs', 'Nulová sadzba', 'Cotă zero', 'Nulová sazba', 'Нулева ставка'),
};

// Each country's real rates (SK standard rate 23 % since 2025); the standard one is the default.
const vatRates: [company: string, rate: number, kind: VatKind][] = [
  ['SK01', 23, 'standard'],
  ['SK01', 19, 'reduced'],
  ['SK01', 5, 'reduced'],
  ['HU01', 27, 'standard'],
  ['HU01', 18, 'reduced'],
  ['HU01', 5, 'reduced'],
  ['CZ01', 21, 'standard'],
  ['CZ01', 12, 'reduced'],
  ['CZ01', 0, 'zero'],
];

/** Explicit ids so products can reference VATs without a round trip. */
export const vats: (Vat & { kind: VatKind })[] = vatRates.map(([company, r, kind], i) => ({
  id: i + 1,
  company,
  code: `${company.slice(0, 2)}${r}`,
  rate: r,
  isDefault: kind === 'standard',
  kind,
}));

/** A few accounts of each company's chart (spec §3 "Account"): goods in stock, suppliers, sales of goods (the default: sales orders are booked to it, migration 120). */
const accounts: { code: string; stock: boolean; isDefault?: boolean; names: Record<Lang, string> }[] = [
  { code: '131', stock: true, names: ml('Goods in stock', 'Waren auf Lager', 'Áruk készleten', 'Tovar na sklade', 'Mărfuri în stoc', 'Zboží na skladě', 'Стоки на склад') },
  { code: '321', stock: false, names: ml('Suppliers', 'Lieferanten', 'Szállítók', 'Dodávatelia', 'Furnizori', 'Dodavatelé', 'Доставчици') },
  {
    code: '604',
    stock: false,
    isDefault: true,
    names: ml('Sales of goods', 'Warenerlöse', 'Áruértékesítés', 'Tržby za tovar', 'Venituri din vânzarea mărfurilor', 'Tržby za zboží', 'Приходи от продажба на стоки'),
  },
];

export interface RateRow {
  company_code: string;
  currency_code: string;
  rate: number;
}

/** A company's rates to other currencies (the demo companies', the first administrator's company): its initial rates, of today (migration 110); its own currency's comes with the company (111). */
export const insertRates = (tx: Queryable, rows: RateRow[]): Promise<void> =>
  insertRows(
    tx,
    'app.currency_rate_days',
    [
      ['company_code', 'text'],
      ['currency_code', 'text'],
      ['rate', 'numeric'],
    ],
    rows,
  );

export async function seedCompanies(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.companies',
    [
      ['company_code', 'text'],
      ['company_name', 'text'],
      ['currency_code', 'text'],
      ['country_code', 'text'],
      ['language_code', 'text'],
      ['accounting_email', 'text'],
      ['position', 'int'],
    ],
    companies.map((c, i) => ({
      company_code: c.code,
      company_name: c.name,
      currency_code: c.currency,
      country_code: c.country,
      language_code: c.language,
      accounting_email: c.accountingEmail,
      position: i + 1,
    })),
  );

  await insertRates(
    tx,
    // The company's own currency has its rate from the company's insert (migration 111).
    companies.flatMap((c) =>
      currencies
        .filter((cur) => cur.code !== c.currency)
        .map((cur) => ({
          company_code: c.code,
          currency_code: cur.code,
          rate: rate(c.currency, cur.code),
        })),
    ),
  );

  await insertRows(
    tx,
    'app.shops',
    [
      ['shop_id', 'int'],
      ['hostname', 'text'],
      ['shop_name', 'text'],
      ['company_code', 'text'],
      ['currency_code', 'text'],
      ['language_code', 'text'],
    ],
    shops.map(([hostname, shop_name, company_code, currency_code, language_code], i) => ({
      shop_id: i + 1,
      hostname,
      shop_name,
      company_code,
      currency_code,
      language_code,
    })),
  );
  await syncSerial(tx, 'app.shops', 'shop_id');

  await insertRows(
    tx,
    'app.vats',
    [
      ['vat_id', 'int'],
      ['company_code', 'text'],
      ['vat_code', 'text'],
      ['vat_names', 'jsonb'],
      ['vat_rate', 'numeric'],
      ['vat_default', 'boolean'],
    ],
    vats.map((v) => ({
      vat_id: v.id,
      company_code: v.company,
      vat_code: v.code,
      vat_rate: v.rate,
      vat_default: v.isDefault,
      vat_names: mlFrom((l) => `${vatLabel[v.kind][l]} ${v.rate} %`),
    })),
  );
  await syncSerial(tx, 'app.vats', 'vat_id');

  await insertRows(
    tx,
    'app.accounts',
    [
      ['company_code', 'text'],
      ['account_code', 'text'],
      ['account_names', 'jsonb'],
      ['is_stock_account', 'boolean'],
      ['is_default', 'boolean'],
    ],
    companies.flatMap((c) => accounts.map((a) => ({ company_code: c.code, account_code: a.code, account_names: a.names, is_stock_account: a.stock, is_default: a.isDefault ?? false }))),
  );
}
