/**
 * The documents written to customers and suppliers (issue 47, point 2): the order
 * confirmation and the delivery note of a sales order, the invoice and the credit note (from
 * the invoice's read model, invoices/read.ts: the snapshot taken when it was issued), and the
 * purchase order. Each is a print document of the shared model (core/print.ts) — the print
 * page draws it as HTML, pdf.ts as a PDF — in its recipient's language: the order's, the
 * invoice's (the customer's when it was issued), the supplier's; a request naming a language
 * (`lang`) prints every document in that one. Each carries the company's texts for its type
 * (settings/obd_texts) in that language, the two parties with their legal data, its lines
 * and, with prices, the VAT per rate and the totals. Texts wrap in their cells, nothing is cut.
 *
 * A loader reads the documents asked for in the company (others are not there: the builder
 * answers 404 as for an unknown one); renderDocumentPdf (documentStore.ts) makes one PDF of
 * one document for other server code (a mail's attachment).
 */
import type { IntlShape } from '@formatjs/intl';
import { formatDay, isoDate } from '../../core/format.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/langs.ts';
import type { KeptAs, PrintBlock, PrintDocument, PrintDocumentKey, PrintTable, TextPlacement } from '../../core/print.ts';
import { pickText } from '../../core/query/langText.ts';
import type { Queryable } from '../db/types.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { refused } from '../http/errors.ts';
import { readInvoices } from '../invoices/read.ts';
import { intlFor } from '../texts/captions.ts';
import { documentIds, obdBlocks, type ObdDocument, type PrintBuilder } from './builder.ts';

/** What a document is, as its order's Documents tab files it (sales_order_documents.doc_type). */
export type SalesDocumentKind = 'order_confirmation' | 'delivery_note' | 'invoice' | 'credit_note' | 'purchase_order';

/** The languages a supplier without one of its own reads, by the country of its address (and the company's). */
const COUNTRY_LANGUAGE: Readonly<Record<string, Lang>> = { SK: 'sk', HU: 'hu', CZ: 'cs', DE: 'de', AT: 'de', CH: 'de', LI: 'de', RO: 'ro', MD: 'ro', BG: 'bg' };

/** A party as a document prints it: its name and lines under it (address, legal data). */
interface Party {
  name: string;
  contact?: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string | null;
  vatNumber?: string;
  registrationNumber?: string;
  iban?: string;
  email?: string;
  phone?: string;
}

/** A priced line as the commercial documents print it (amounts are decimal strings). */
interface PricedLine {
  no: number;
  kind: string;
  code: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  net: string;
  gross: string;
}

interface VatPart {
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
}

/** What the loaders share: the company, the language asked for (null: each document's own), formatters and texts by language. */
class Reading {
  private readonly intls = new Map<string, Promise<IntlShape>>();
  private readonly texts = new Map<string, Promise<Record<TextPlacement, PrintBlock[]>>>();
  private countries = new Map<string, unknown>();

  constructor(
    readonly db: Queryable,
    readonly company: string,
    readonly asked: Lang | null,
  ) {}

  /** The language a document with its recipient's `own` is printed in: the one asked for, else its own when the back office speaks it, else English. */
  langOf(own: string | null | undefined): Lang {
    return this.asked ?? (isLang(own) ? own : DEFAULT_LANG);
  }

  intl(lang: string): Promise<IntlShape> {
    let i = this.intls.get(lang);
    if (!i) this.intls.set(lang, (i = intlFor(this.db, lang)));
    return i;
  }

  obd(document: ObdDocument, lang: string) {
    const key = `${document}:${lang}`;
    let t = this.texts.get(key);
    if (!t) this.texts.set(key, (t = obdBlocks(this.db, this.company, document, lang)));
    return t;
  }

  /** Loads the names of these countries (the parties' addresses). */
  async loadCountries(codes: (string | null)[]): Promise<void> {
    const want = [...new Set(codes.filter((c): c is string => !!c && !this.countries.has(c)))];
    if (!want.length) return;
    const r = await this.db.query<{ country_code: string; country_names: unknown }>('select country_code, country_names from app.countries where country_code = any($1::text[])', [want]);
    for (const c of r.rows) this.countries.set(c.country_code, c.country_names);
  }

  countryName(code: string | null, lang: string): string {
    if (!code) return '';
    return pickText(this.countries.get(code), lang)?.text ?? code;
  }
}

/** The company as its documents name it today (an invoice prints its snapshot instead). */
interface CompanyRow {
  company_name: string;
  address_line_1: string | null;
  zip_code: string | null;
  city: string | null;
  country_code: string;
  vat_number: string | null;
  registration_number: string | null;
  iban: string | null;
  email: string | null;
  phone: string | null;
  /** The company's own language where the database has one (the mail's migration adds it), for a supplier without any. */
  language_code: string | null;
}

async function companyParty(r: Reading): Promise<{ party: Party; language: string | null }> {
  const c = (
    await r.db.query<CompanyRow>(
      // to_jsonb(c) ->> 'language_code': the column where the database has it, else null (read, never required).
      `select c.company_name, c.address_line_1, c.zip_code, c.city, c.country_code, c.vat_number, c.registration_number, c.iban, c.email, c.phone,
              to_jsonb(c) ->> 'language_code' as language_code
       from app.companies c where c.company_code = $1`,
      [r.company],
    )
  ).rows[0]!;
  return {
    party: {
      name: c.company_name,
      street: c.address_line_1 ?? '',
      zip: c.zip_code ?? '',
      city: c.city ?? '',
      countryCode: c.country_code,
      vatNumber: c.vat_number ?? '',
      registrationNumber: c.registration_number ?? '',
      iban: c.iban ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
    },
    language: c.language_code ?? COUNTRY_LANGUAGE[c.country_code] ?? null,
  };
}

const nonEmpty = (...parts: (string | null | undefined)[]) => parts.map((p) => (p ?? '').trim()).filter(Boolean);

/** A party's lines: name, contact, street, postcode and city, country, then its legal data and contact each labelled. */
function partyLines(p: Party, r: Reading, intl: IntlShape, lang: string): string {
  const t = (id: string, value: string) => (value.trim() ? intl.formatMessage({ id }, { value: value.trim() }) : '');
  return nonEmpty(
    p.name,
    p.contact && p.contact !== p.name ? p.contact : '',
    p.street,
    nonEmpty(p.zip, p.city).join(' '),
    r.countryName(p.countryCode, lang),
    t('print.party_vat', p.vatNumber ?? ''),
    t('print.party_registration', p.registrationNumber ?? ''),
    t('print.party_iban', p.iban ?? ''),
    t('print.party_email', p.email ?? ''),
    t('print.party_phone', p.phone ?? ''),
  ).join('\n');
}

/** The two parties side by side, each under its title: a table of two 95 mm columns, one row of several lines each. */
const partiesBlock = (left: [string, string], right: [string, string]): PrintBlock => ({
  kind: 'table',
  table: {
    columns: [
      { key: 'left', title: left[0], width: 95 },
      { key: 'right', title: right[0], width: 95 },
    ],
    rows: [{ left: left[1], right: right[1] }],
  },
});

/** Money as the language writes it, in the currency's digits (a unit price: up to 4). */
const money = (intl: IntlShape, amount: string | number, currency: string, digits: number, maxDigits = digits) =>
  intl.formatNumber(Number(amount), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, maxDigits) });
const number = (intl: IntlShape, v: string | number, maxDigits = 3) => intl.formatNumber(Number(v), { maximumFractionDigits: maxDigits });
const percent = (intl: IntlShape, v: string) => `${intl.formatNumber(Number(v), { maximumFractionDigits: 2 })} %`;
const day = (intl: IntlShape, v: string | null) => (v ? formatDay(v, intl.locale) : '');

/** A charge line's description: the method's name, or the charge's own name where the order had no method. */
function describe(l: { kind: string; description: string }, intl: IntlShape): string {
  if (l.kind === 'delivery' && l.description === 'delivery') return intl.formatMessage({ id: 'fields.delivery_price' });
  if (l.kind === 'payment_fee' && l.description === 'payment_fee') return intl.formatMessage({ id: 'fields.payment_fee' });
  return l.description;
}

/**
 * The priced body of an order confirmation, an invoice or a credit note: the lines (number,
 * product, description, quantity, unit price, discount, VAT rate, net and gross), then the
 * VAT per rate with the totals under it. Widths in mm add up to 190.
 */
function pricedBlocks(intl: IntlShape, lines: PricedLine[], vat: VatPart[], totals: { net: string; vat: string; gross: string }, currency: string, digits: number): PrintBlock[] {
  const t = (id: string) => intl.formatMessage({ id });
  const m = (v: string) => money(intl, v, currency, digits);
  const linesTable: PrintTable = {
    columns: [
      { key: 'no', title: t('print.col_no'), width: 9, align: 'right' },
      { key: 'code', title: t('fields.product_code'), width: 25 },
      { key: 'description', title: t('print.col_description'), width: 46 },
      { key: 'quantity', title: t('fields.quantity'), width: 17, align: 'right' },
      { key: 'unit', title: t('fields.unit_price'), width: 22, align: 'right' },
      { key: 'discount', title: t('print.col_discount'), width: 15, align: 'right' },
      { key: 'rate', title: t('print.col_vat_rate'), width: 14, align: 'right' },
      { key: 'net', title: t('print.col_net'), width: 21, align: 'right' },
      { key: 'gross', title: t('print.col_gross'), width: 21, align: 'right' },
    ],
    rows: lines.map((l) => ({
      no: String(l.no),
      code: l.code ?? '',
      description: describe(l, intl),
      quantity: number(intl, l.quantity),
      unit: money(intl, l.unitPrice, currency, digits, 4),
      discount: Number(l.discount) ? percent(intl, l.discount) : '',
      rate: percent(intl, l.vatRate),
      net: m(l.net),
      gross: m(l.gross),
    })),
  };
  const vatTable: PrintTable = {
    columns: [
      { key: 'rate', title: t('print.vat_breakdown'), width: 70 },
      { key: 'net', title: t('print.col_net'), width: 40, align: 'right' },
      { key: 'vat', title: t('print.col_vat'), width: 40, align: 'right' },
      { key: 'gross', title: t('print.col_gross'), width: 40, align: 'right' },
    ],
    rows: [
      ...vat.map((v) => ({ rate: percent(intl, v.vatRate), net: m(v.net), vat: m(v.vat), gross: m(v.gross) })),
      { rate: t('print.total'), net: m(totals.net), vat: m(totals.vat), gross: m(totals.gross) },
    ],
  };
  return [
    { kind: 'table', table: linesTable },
    { kind: 'table', table: vatTable },
  ];
}

/** A document's body: the company's header text, what the document says, then the company's footer and terms. */
async function withTexts(r: Reading, obd: ObdDocument, lang: string, body: PrintBlock[]): Promise<PrintBlock[]> {
  const texts = await r.obd(obd, lang);
  return [...texts.header, ...body, ...texts.footer, ...texts.terms];
}

/** The ids asked for that are not in `found`: the first is refused as unknown (another company's as well). */
function requireAll(ids: number[], found: Map<number, unknown>, param: string, what: string): void {
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw refused('not_found', `${param}: no ${what} ${missing} in this company`, {}, 404);
}

// ---- sales orders: the order confirmation and the delivery note ----------------------------

interface OrderRow {
  order_id: number;
  fsm_reference: string;
  opened_on: string;
  valid_until: string | null;
  language_code: string;
  currency_code: string;
  digits: number;
  email: string;
  tracking_number: string;
  pm_names: unknown;
  dm_names: unknown;
  buyer_name: string;
  vat_number: string;
  first_name: string | null;
  last_name: string | null;
  address_line_1: string | null;
  address_house_no: string | null;
  zip_code: string | null;
  city: string | null;
  country_code: string | null;
}

async function ordersOf(r: Reading, ids: number[]): Promise<Map<number, OrderRow>> {
  const rows = await r.db.query<OrderRow>(
    `select o.order_id, o.fsm_reference, o.opened_on::text as opened_on, o.valid_until::text as valid_until, o.language_code, o.currency_code,
            cur.currency_precision as digits, o.email, o.tracking_number, o.pm_names, o.dm_names,
            coalesce(nullif(pa.label_name, ''), pa.partner_name) as buyer_name, pa.vat_number,
            ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code
     from app.v_sales_orders o
     join app.partners pa on pa.partner_id = o.partner_id
     join app.currencies cur on cur.currency_code = o.currency_code
     -- The customer's first address, as its invoice and CMR note read it.
     left join lateral (select a.* from app.partner_addresses a where a.partner_id = o.partner_id order by a.address_id limit 1) ad on true
     where o.order_id = any($1::int[]) and o.company_code = $2`,
    [ids, r.company],
  );
  return new Map(rows.rows.map((o) => [Number(o.order_id), o]));
}

const customerOf = (o: OrderRow): Party => ({
  name: o.buyer_name,
  contact: nonEmpty(o.first_name, o.last_name).join(' '),
  street: nonEmpty(o.address_line_1, o.address_house_no).join(' '),
  zip: o.zip_code ?? '',
  city: o.city ?? '',
  countryCode: o.country_code,
  vatNumber: o.vat_number,
  email: o.email,
});

const keptOnOrder = (orderId: number, docType: SalesDocumentKind, code: string, record = orderId): KeptAs => ({ on: 'sales_order', id: orderId, docType, code, record });

/** Order confirmations of these orders: the order's lines as its invoice will have them (app.sales_order_lines), the VAT per rate, the totals. */
async function orderConfirmations(r: Reading, ids: number[]): Promise<Map<number, PrintDocument>> {
  const orders = await ordersOf(r, ids);
  const found = [...orders.values()];
  const langs = found.map((o) => r.langOf(o.language_code));
  const lines = await r.db.query<
    { order_id: number; line_no: number; kind: string; product_code: string | null; description: string } & Record<
      'quantity' | 'unit_price' | 'discount_percent' | 'vat_rate' | 'net' | 'vat' | 'gross',
      string
    >
  >(
    `select q.id as order_id, l.line_no, l.kind, l.product_code, l.description, l.quantity::text as quantity, l.unit_price::text as unit_price,
            l.discount_percent::text as discount_percent, l.vat_rate::text as vat_rate, l.net_amount::text as net, l.vat_amount::text as vat, l.gross_amount::text as gross
     from unnest($1::int[], $2::text[]) as q(id, lang) cross join lateral app.sales_order_lines(q.id, q.lang) l
     order by q.id, l.line_no`,
    [found.map((o) => o.order_id), langs],
  );
  // Per order and rate, and the order's totals beside each (the lines added up exactly, in SQL).
  const vat = await r.db.query<{ order_id: number } & Record<'vat_rate' | 'net' | 'vat' | 'gross' | 'total_net' | 'total_vat' | 'total_gross', string>>(
    `select q.id as order_id, l.vat_rate::text as vat_rate, sum(l.net_amount)::text as net, sum(l.vat_amount)::text as vat, sum(l.gross_amount)::text as gross,
            (sum(sum(l.net_amount)) over w)::text as total_net, (sum(sum(l.vat_amount)) over w)::text as total_vat, (sum(sum(l.gross_amount)) over w)::text as total_gross
     from unnest($1::int[]) as q(id) cross join lateral app.sales_order_lines(q.id, 'en') l
     group by q.id, l.vat_rate window w as (partition by q.id) order by q.id, l.vat_rate desc`,
    [found.map((o) => o.order_id)],
  );
  const { party: seller } = await companyParty(r);
  await r.loadCountries([seller.countryCode, ...found.map((o) => o.country_code)]);
  const out = new Map<number, PrintDocument>();
  for (const [i, o] of found.entries()) {
    const lang = langs[i]!;
    const intl = await r.intl(lang);
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const mine = lines.rows.filter((l) => Number(l.order_id) === Number(o.order_id));
    const parts = vat.rows.filter((v) => Number(v.order_id) === Number(o.order_id));
    const priced = pricedBlocks(
      intl,
      mine.map((l) => ({
        no: Number(l.line_no),
        kind: l.kind,
        code: l.product_code,
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unit_price,
        discount: l.discount_percent,
        vatRate: l.vat_rate,
        net: l.net,
        gross: l.gross,
      })),
      parts.map((p) => ({ vatRate: p.vat_rate, net: p.net, vat: p.vat, gross: p.gross })),
      { net: parts[0]?.total_net ?? '0', vat: parts[0]?.total_vat ?? '0', gross: parts[0]?.total_gross ?? '0' },
      o.currency_code,
      o.digits,
    );
    out.set(Number(o.order_id), {
      title: t('print.order_confirmation', { number: o.fsm_reference }),
      lang,
      keep: keptOnOrder(Number(o.order_id), 'order_confirmation', o.fsm_reference),
      meta: [
        { label: t('print.order_date'), value: day(intl, o.opened_on) },
        ...(o.valid_until ? [{ label: t('fields.valid_until'), value: day(intl, o.valid_until) }] : []),
        ...(o.pm_names ? [{ label: t('fields.payment_method'), value: pickText(o.pm_names, lang)?.text ?? '' }] : []),
        ...(o.dm_names ? [{ label: t('fields.delivery_method'), value: pickText(o.dm_names, lang)?.text ?? '' }] : []),
        { label: t('fields.currency_code'), value: o.currency_code },
      ],
      blocks: await withTexts(r, 'order', lang, [
        partiesBlock([t('print.party_seller'), partyLines(seller, r, intl, lang)], [t('print.party_buyer'), partyLines(customerOf(o), r, intl, lang)]),
        ...priced,
      ]),
    });
  }
  return out;
}

/** Delivery notes of these orders: sender and recipient, the delivery method and tracking number, the goods and their quantities (no prices). */
async function deliveryNotes(r: Reading, ids: number[]): Promise<Map<number, PrintDocument>> {
  const orders = await ordersOf(r, ids);
  const found = [...orders.values()];
  const langs = found.map((o) => r.langOf(o.language_code));
  const items = await r.db.query<{ order_id: number; product_code: string; name: string; quantity: string }>(
    `select it.order_id, it.product_code, app.name_in(p.product_name, q.lang, it.product_code) as name, it.quantity::text as quantity
     from unnest($1::int[], $2::text[]) as q(id, lang)
     join app.sales_order_items it on it.order_id = q.id
     join app.products p on p.product_code = it.product_code
     order by it.order_id, it.item_id`,
    [found.map((o) => o.order_id), langs],
  );
  const { party: sender } = await companyParty(r);
  await r.loadCountries([sender.countryCode, ...found.map((o) => o.country_code)]);
  // The day it is printed, in the server's zone (as the grid's days).
  const today = isoDate(new Date());
  const out = new Map<number, PrintDocument>();
  for (const [i, o] of found.entries()) {
    const lang = langs[i]!;
    const intl = await r.intl(lang);
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const mine = items.rows.filter((x) => Number(x.order_id) === Number(o.order_id));
    out.set(Number(o.order_id), {
      title: t('print.delivery_note', { number: o.fsm_reference }),
      lang,
      keep: keptOnOrder(Number(o.order_id), 'delivery_note', o.fsm_reference),
      meta: [
        { label: t('print.order_date'), value: day(intl, o.opened_on) },
        { label: t('print.date'), value: day(intl, today) },
        ...(o.dm_names ? [{ label: t('fields.delivery_method'), value: pickText(o.dm_names, lang)?.text ?? '' }] : []),
        ...(o.tracking_number ? [{ label: t('fields.tracking_number'), value: o.tracking_number }] : []),
      ],
      blocks: await withTexts(r, 'delivery_note', lang, [
        partiesBlock([t('print.party_sender'), partyLines(sender, r, intl, lang)], [t('print.party_recipient'), partyLines(customerOf(o), r, intl, lang)]),
        {
          kind: 'table',
          table: {
            columns: [
              { key: 'no', title: t('print.col_no'), width: 10, align: 'right' },
              { key: 'code', title: t('fields.product_code'), width: 35 },
              { key: 'name', title: t('print.col_description'), width: 105 },
              { key: 'quantity', title: t('fields.quantity'), width: 25, align: 'right' },
              { key: 'tick', title: '✓', width: 15 },
            ],
            rows: mine.map((x, n) => ({ no: String(n + 1), code: x.product_code, name: x.name, quantity: number(intl, x.quantity), tick: '☐' })),
          },
        },
      ]),
    });
  }
  return out;
}

// ---- invoices and credit notes -----------------------------------------------------------

/** Invoices and credit notes (by invoice id), from their read model: what was issued, as it was. */
async function invoiceDocuments(r: Reading, ids: number[]): Promise<Map<number, PrintDocument>> {
  const docs = await readInvoices(r.db, r.company, ids);
  await r.loadCountries(docs.flatMap((d) => [d.seller.countryCode, d.buyer.countryCode]));
  const out = new Map<number, PrintDocument>();
  for (const d of docs) {
    const lang = r.langOf(d.languageCode);
    const intl = await r.intl(lang);
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const credit = d.kind === 'credit_note';
    const total = money(intl, d.totals.gross, d.currencyCode, d.currencyDigits);
    const seller: Party = {
      name: d.seller.name,
      street: d.seller.addressLine1,
      zip: d.seller.zipCode,
      city: d.seller.city,
      countryCode: d.seller.countryCode,
      vatNumber: d.seller.vatNumber,
      registrationNumber: d.seller.registrationNumber,
      iban: d.seller.iban,
      email: d.seller.email,
      phone: d.seller.phone,
    };
    const buyer: Party = {
      name: d.buyer.name,
      contact: d.buyer.contact,
      street: nonEmpty(d.buyer.addressLine1, d.buyer.houseNo).join(' '),
      zip: d.buyer.zipCode,
      city: d.buyer.city,
      countryCode: d.buyer.countryCode,
      vatNumber: d.buyer.vatNumber,
      email: d.buyer.email,
    };
    const rate =
      d.rate !== null && d.currencyCode !== d.companyCurrencyCode ? [{ label: t('print.exchange_rate'), value: `1 ${d.currencyCode} = ${number(intl, d.rate, 6)} ${d.companyCurrencyCode}` }] : [];
    const payment = credit
      ? t('print.credit_note_text', { amount: total, invoice: d.credited?.number ?? '' })
      : t(d.seller.iban ? 'print.invoice_payment_iban' : 'print.invoice_payment', { amount: total, due: day(intl, d.dueDate), number: d.number, iban: d.seller.iban });
    out.set(d.invoiceId, {
      title: t(credit ? 'print.credit_note' : 'print.invoice', { number: d.number }),
      lang,
      keep: keptOnOrder(d.orderId, d.kind, d.number, d.invoiceId),
      meta: [
        { label: t('fields.issue_date'), value: day(intl, d.issueDate) },
        { label: t('print.supply_date'), value: day(intl, d.issueDate) },
        ...(credit ? [] : [{ label: t('fields.due_date'), value: day(intl, d.dueDate) }]),
        ...(d.credited ? [{ label: t('fields.credited_invoice_number'), value: `${d.credited.number} (${day(intl, d.credited.issueDate)})` }] : []),
        ...(credit && d.reason ? [{ label: t('fields.reason'), value: d.reason }] : []),
        { label: t('fields.order_reference'), value: d.orderReference },
        { label: t('fields.currency_code'), value: d.currencyCode },
        ...rate,
      ],
      blocks: await withTexts(r, credit ? 'credit_note' : 'invoice', lang, [
        partiesBlock([t('print.party_seller'), partyLines(seller, r, intl, lang)], [t('print.party_buyer'), partyLines(buyer, r, intl, lang)]),
        ...pricedBlocks(
          intl,
          d.lines.map((l) => ({
            no: l.lineNo,
            kind: l.kind,
            code: l.productCode,
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discount: l.discountPercent,
            vatRate: l.vatRate,
            net: l.netAmount,
            gross: l.grossAmount,
          })),
          d.vat.map((v) => ({ vatRate: v.vatRate, net: v.netAmount, vat: v.vatAmount, gross: v.grossAmount })),
          d.totals,
          d.currencyCode,
          d.currencyDigits,
        ),
        { kind: 'text', placement: 'footer', paragraphs: [payment] },
      ]),
    });
  }
  return out;
}

// ---- purchase orders ---------------------------------------------------------------------

interface PurchaseOrderRow {
  po_id: number;
  fsm_reference: string;
  opened_on: string | null;
  external_reference: string;
  etd: string | null;
  eta: string | null;
  currency_code: string;
  digits: number;
  order_value: string;
  supplier_name: string;
  vat_number: string;
  language_code: string | null;
  first_name: string | null;
  last_name: string | null;
  address_line_1: string | null;
  address_house_no: string | null;
  zip_code: string | null;
  city: string | null;
  country_code: string | null;
  phone: string | null;
}

/** Purchase orders in the supplier's language: the buyer (the company) and the supplier, the goods with the supplier's codes, prices and the total. */
async function purchaseOrders(r: Reading, ids: number[]): Promise<Map<number, PrintDocument>> {
  const pos = await r.db.query<PurchaseOrderRow>(
    `select o.po_id, o.fsm_reference, o.opened_on::text as opened_on, o.external_reference, o.etd::text as etd, o.eta::text as eta, o.currency_code,
            cur.currency_precision as digits, o.order_value::text as order_value, coalesce(nullif(pa.label_name, ''), pa.partner_name) as supplier_name, pa.vat_number,
            -- The supplier's language where partners have one (the mail's migration adds it), read but never required.
            to_jsonb(pa) ->> 'language_code' as language_code,
            ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code, ad.phone
     from app.v_purchase_orders o
     join app.partners pa on pa.partner_id = o.partner_id
     join app.currencies cur on cur.currency_code = o.currency_code
     left join lateral (select a.* from app.partner_addresses a where a.partner_id = o.partner_id order by a.address_id limit 1) ad on true
     where o.po_id = any($1::int[]) and o.company_code = $2`,
    [ids, r.company],
  );
  const { party: buyer, language: companyLanguage } = await companyParty(r);
  /** The supplier's language: its own, else its address's country's, else the company's, else English. */
  const langs = pos.rows.map((p) => r.langOf(p.language_code ?? (p.country_code ? COUNTRY_LANGUAGE[p.country_code] : undefined) ?? companyLanguage));
  const lines = await r.db.query<{ po_id: number; product_code: string; name: string; supplier_code: string | null; quantity: string; unit_price: string; line_value: string }>(
    `select i.po_id, i.product_code, app.name_in(i.product_name, q.lang, i.product_code) as name,
            (select ps.supplier_product_code from app.product_suppliers ps where ps.product_code = i.product_code and ps.partner_id = o.partner_id
             order by ps.product_supplier_id limit 1) as supplier_code,
            i.quantity::text as quantity, i.unit_price::text as unit_price, i.line_value::text as line_value
     from unnest($1::int[], $2::text[]) as q(id, lang)
     join app.v_purchase_order_items i on i.po_id = q.id
     join app.purchase_orders o on o.po_id = i.po_id
     order by i.po_id, i.po_item_id`,
    [pos.rows.map((p) => p.po_id), langs],
  );
  await r.loadCountries([buyer.countryCode, ...pos.rows.map((p) => p.country_code)]);
  const out = new Map<number, PrintDocument>();
  for (const [i, p] of pos.rows.entries()) {
    const lang = langs[i]!;
    const intl = await r.intl(lang);
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const m = (v: string, max = p.digits) => money(intl, v, p.currency_code, p.digits, max);
    const supplier: Party = {
      name: p.supplier_name,
      contact: nonEmpty(p.first_name, p.last_name).join(' '),
      street: nonEmpty(p.address_line_1, p.address_house_no).join(' '),
      zip: p.zip_code ?? '',
      city: p.city ?? '',
      countryCode: p.country_code,
      vatNumber: p.vat_number,
      phone: p.phone ?? '',
    };
    const mine = lines.rows.filter((l) => Number(l.po_id) === Number(p.po_id));
    out.set(Number(p.po_id), {
      title: t('print.purchase_order', { number: p.fsm_reference }),
      lang,
      keep: { on: 'purchase_order', id: Number(p.po_id), docType: 'purchase_order', code: p.fsm_reference, record: Number(p.po_id) },
      meta: [
        ...(p.opened_on ? [{ label: t('print.order_date'), value: day(intl, p.opened_on) }] : []),
        ...(p.external_reference ? [{ label: t('fields.external_reference'), value: p.external_reference }] : []),
        ...(p.etd ? [{ label: t('fields.etd'), value: day(intl, p.etd) }] : []),
        ...(p.eta ? [{ label: t('fields.eta'), value: day(intl, p.eta) }] : []),
        { label: t('fields.currency_code'), value: p.currency_code },
      ],
      blocks: await withTexts(r, 'purchase_order', lang, [
        partiesBlock([t('print.party_buyer'), partyLines(buyer, r, intl, lang)], [t('print.party_supplier'), partyLines(supplier, r, intl, lang)]),
        {
          kind: 'table',
          table: {
            columns: [
              { key: 'no', title: t('print.col_no'), width: 9, align: 'right' },
              { key: 'supplier', title: t('fields.supplier_product_code'), width: 28 },
              { key: 'code', title: t('fields.product_code'), width: 26 },
              { key: 'name', title: t('print.col_description'), width: 59 },
              { key: 'quantity', title: t('fields.quantity'), width: 18, align: 'right' },
              { key: 'unit', title: t('fields.unit_price'), width: 24, align: 'right' },
              { key: 'amount', title: t('print.col_amount'), width: 26, align: 'right' },
            ],
            rows: [
              ...mine.map((l, n) => ({
                no: String(n + 1),
                supplier: l.supplier_code ?? '',
                code: l.product_code,
                name: l.name,
                quantity: number(intl, l.quantity),
                unit: m(l.unit_price, 4),
                amount: m(l.line_value),
              })),
              { no: '', supplier: '', code: '', name: t('print.total'), quantity: '', unit: '', amount: m(p.order_value) },
            ],
          },
        },
      ]),
    });
  }
  return out;
}

// ---- the registry's builders -------------------------------------------------------------

type Loader = (r: Reading, ids: number[]) => Promise<Map<number, PrintDocument>>;

/** Each kind: its loader, its print document, the query parameter naming it, the page that must list it, the word for an unknown one. */
const KINDS: Readonly<Record<SalesDocumentKind, { load: Loader; key: PrintDocumentKey; param: string; page: [string, string]; what: string }>> = {
  order_confirmation: { load: orderConfirmations, key: 'order_confirmations_print', param: 'order_id', page: ['/sales/sales_orders', 'sales_orders'], what: 'sales order' },
  delivery_note: { load: deliveryNotes, key: 'delivery_notes_print', param: 'order_id', page: ['/sales/sales_orders', 'sales_orders'], what: 'sales order' },
  invoice: { load: invoiceDocuments, key: 'invoices_print', param: 'invoice_id', page: ['/finance/invoices', 'invoices'], what: 'invoice' },
  credit_note: { load: invoiceDocuments, key: 'invoices_print', param: 'invoice_id', page: ['/finance/invoices', 'invoices'], what: 'invoice' },
  purchase_order: { load: purchaseOrders, key: 'purchase_orders_print', param: 'po_id', page: ['/purchasing/purchase_orders', 'purchase_orders'], what: 'purchase order' },
};

/**
 * The documents of one kind by id in `company`, each in its recipient's language or in
 * `lang` when given; an id of another company or of no such record is absent. An invoice's
 * loader answers credit notes too (its `keep.docType` says which).
 */
export function loadSalesDocuments(db: Queryable, company: string, kind: SalesDocumentKind, ids: number[], lang: Lang | null): Promise<Map<number, PrintDocument>> {
  return KINDS[kind].load(new Reading(db, company, lang), ids);
}

/**
 * A print builder of one kind (`order_id`, `invoice_id` or `po_id`, repeated): the record's
 * own page must be listed too (the sales orders', the invoices', the purchase orders'); the
 * documents in the request's `lang` if it names one, else each in its recipient's.
 */
const builder =
  (kind: SalesDocumentKind): PrintBuilder =>
  async (db, session, params, lang) => {
    const k = KINDS[kind];
    const ids = documentIds(params, k.param);
    await requirePagePermission(db, session, k.page[0], 'list', k.page[1]);
    const asked = params.get('lang');
    const docs = await loadSalesDocuments(db, session.company, kind, ids, isLang(asked) ? asked : null);
    requireAll(ids, docs, k.param, k.what);
    const first = docs.get(ids[0]!)!;
    const intl = await intlFor(db, lang);
    return {
      key: k.key,
      lang: first.lang ?? lang,
      fileName: ids.length === 1 ? first.title : intl.formatMessage({ id: `screens.${k.key}.title` }),
      documents: ids.map((id) => docs.get(id)!),
    };
  };

export const orderConfirmationsPrint = builder('order_confirmation');
export const deliveryNotesPrint = builder('delivery_note');
export const invoicesPrint = builder('invoice');
export const purchaseOrdersPrint = builder('purchase_order');
