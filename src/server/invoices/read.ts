/**
 * The read model of an issued invoice or credit note (migration 113): everything a printed
 * document, an e-invoice (EN 16931 / UBL) or an accounting export needs, in one shape, read
 * from the stored snapshot only — never from the order, partner, product or company as they
 * are now, so a document reads the same every time.
 *
 * Amounts are decimal strings (exact, as stored): money scaled to the currency's digits
 * (`currencyDigits`), quantities to 3 decimals, rates as stored. A credit note's amounts
 * are positive; its `kind` says that it reverses, `credited` which invoice.
 */
import type { Queryable } from '../db/types.ts';

type InvoiceKind = 'invoice' | 'credit_note';
type InvoiceLineKind = 'item' | 'delivery' | 'payment_fee';

/** A party as it was on the issue date. Empty strings where the company or partner had nothing. */
interface InvoiceParty {
  name: string;
  /** The buyer's contact person (the address's first and last name); the seller has none. */
  contact: string;
  addressLine1: string;
  houseNo: string;
  zipCode: string;
  city: string;
  /** ISO 3166-1 alpha-2; null for a buyer without an address. */
  countryCode: string | null;
  vatNumber: string;
  registrationNumber: string;
  iban: string;
  email: string;
  phone: string;
}

interface InvoiceLine {
  lineNo: number;
  kind: InvoiceLineKind;
  /** Null for a charge (delivery, payment fee). */
  productCode: string | null;
  /** In the document's language. */
  description: string;
  quantity: string;
  /** Net price of one unit before the discount. */
  unitPrice: string;
  discountPercent: string;
  vatRate: string;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  /** A credit note's line: the number of the invoice line it reverses. */
  creditedLineNo: number | null;
}

/** One VAT rate's part of the document (the lines at that rate added up). */
interface InvoiceVatPart {
  vatRate: string;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
}

export interface InvoiceDocument {
  invoiceId: number;
  kind: InvoiceKind;
  /** INV-<year>-<n> or CN-<year>-<n>, per company and year without gaps. */
  number: string;
  companyCode: string;
  /** ISO dates (YYYY-MM-DD); the issue date is also the supply's tax point. */
  issueDate: string;
  dueDate: string;
  issuedAt: string;
  /** The customer's language: the lines' descriptions are in it. */
  languageCode: string;
  currencyCode: string;
  currencyDigits: number;
  /** The company's currency and the value of one unit of `currencyCode` in it on the issue date (null: no rate was known). */
  companyCurrencyCode: string;
  rate: string | null;
  orderId: number;
  /** The sales order's number (SO-…). */
  orderReference: string;
  /** A credit note's invoice. */
  credited: { invoiceId: number; number: string; issueDate: string } | null;
  /** A credit note's reason ('' for an invoice). */
  reason: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** Per VAT rate, highest first. */
  vat: InvoiceVatPart[];
  totals: { net: string; vat: string; gross: string };
}

interface HeaderRow {
  invoice_id: number;
  kind: InvoiceKind;
  invoice_number: string;
  company_code: string;
  issue_date: string;
  due_date: string;
  issued_at: string;
  language_code: string;
  currency_code: string;
  digits: number;
  company_currency_code: string;
  rate: string | null;
  order_id: number;
  order_reference: string;
  credited_id: number | null;
  credited_number: string | null;
  credited_date: string | null;
  reason: string;
  [column: string]: unknown;
}

const party = (h: HeaderRow, side: 'seller' | 'buyer'): InvoiceParty => {
  const t = (c: string) => (typeof h[`${side}_${c}`] === 'string' ? (h[`${side}_${c}`] as string) : '');
  return {
    name: t('name'),
    contact: t('contact'),
    addressLine1: t('address_line_1'),
    houseNo: t('house_no'),
    zipCode: t('zip_code'),
    city: t('city'),
    countryCode: (h[`${side}_country_code`] as string | null) ?? null,
    vatNumber: t('vat_number'),
    registrationNumber: t('registration_number'),
    iban: t('iban'),
    email: t('email'),
    phone: t('phone'),
  };
};

/** The issued document `invoiceId` of `company` (null: none such, or another company's). */
export async function readInvoice(db: Queryable, company: string, invoiceId: number): Promise<InvoiceDocument | null> {
  return (await readInvoices(db, company, [invoiceId]))[0] ?? null;
}

/**
 * The issued documents `invoiceIds` of `company`, in the order asked (one not issued, or
 * another company's, is left out): four queries whatever their number (the accounting
 * export reads a period's documents at once).
 */
export async function readInvoices(db: Queryable, company: string, invoiceIds: readonly number[]): Promise<InvoiceDocument[]> {
  if (!invoiceIds.length) return [];
  const heads = (
    await db.query<HeaderRow>(
      `select i.invoice_id, i.kind, i.invoice_number, i.company_code, i.issue_date::text as issue_date, i.due_date::text as due_date,
              to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as issued_at, i.language_code, i.currency_code,
              cur.currency_precision as digits, i.company_currency_code, i.rate::text as rate, i.order_id, i.order_reference,
              c.invoice_id as credited_id, c.invoice_number as credited_number, c.issue_date::text as credited_date, i.reason,
              i.seller_name, i.seller_address_line_1, i.seller_zip_code, i.seller_city, i.seller_country_code, i.seller_vat_number,
              i.seller_registration_number, i.seller_iban, i.seller_email, i.seller_phone,
              i.buyer_name, i.buyer_contact, i.buyer_address_line_1, i.buyer_house_no, i.buyer_zip_code, i.buyer_city, i.buyer_country_code,
              i.buyer_vat_number, i.buyer_email
       from app.invoices i join app.currencies cur on cur.currency_code = i.currency_code
       left join app.invoices c on c.invoice_id = i.credited_invoice_id
       where i.invoice_id = any($1::int[]) and i.company_code = $2 and i.issued_at is not null`,
      [invoiceIds, company],
    )
  ).rows;
  if (!heads.length) return [];
  const ids = heads.map((h) => Number(h.invoice_id));
  // Amounts rounded to each document's currency digits.
  const lines = (
    await db.query<{
      invoice_id: number;
      line_no: number;
      kind: InvoiceLineKind;
      product_code: string | null;
      description: string;
      quantity: string;
      unit_price: string;
      discount_percent: string;
      vat_rate: string;
      net: string;
      vat: string;
      gross: string;
      credited_line_no: number | null;
    }>(
      `select l.invoice_id, l.line_no, l.kind, l.product_code, l.description, l.quantity::text as quantity, l.unit_price::text as unit_price,
              l.discount_percent::text as discount_percent, l.vat_rate::text as vat_rate,
              round(l.net_amount, cur.currency_precision)::text as net, round(l.vat_amount, cur.currency_precision)::text as vat,
              round(l.gross_amount, cur.currency_precision)::text as gross, cl.line_no as credited_line_no
       from app.invoice_lines l join app.invoices i on i.invoice_id = l.invoice_id join app.currencies cur on cur.currency_code = i.currency_code
       left join app.invoice_lines cl on cl.line_id = l.credited_line_id
       where l.invoice_id = any($1::int[]) order by l.invoice_id, l.line_no`,
      [ids],
    )
  ).rows;
  const vat = (
    await db.query<{ invoice_id: number; vat_rate: string; net: string; vat: string; gross: string }>(
      `select v.invoice_id, v.vat_rate::text as vat_rate, round(v.net_amount, cur.currency_precision)::text as net,
              round(v.vat_amount, cur.currency_precision)::text as vat, round(v.gross_amount, cur.currency_precision)::text as gross
       from app.v_invoice_vat v join app.currencies cur on cur.currency_code = v.currency_code
       where v.invoice_id = any($1::int[]) order by v.invoice_id, v.vat_rate desc`,
      [ids],
    )
  ).rows;
  const totals = (
    await db.query<{ invoice_id: number; net: string; vat: string; gross: string }>(
      `select t.invoice_id, round(t.net_total, cur.currency_precision)::text as net, round(t.vat_total, cur.currency_precision)::text as vat,
              round(t.gross_total, cur.currency_precision)::text as gross
       from app.v_invoice_totals t join app.invoices i on i.invoice_id = t.invoice_id join app.currencies cur on cur.currency_code = i.currency_code
       where t.invoice_id = any($1::int[])`,
      [ids],
    )
  ).rows;
  const byId = new Map(heads.map((h) => [Number(h.invoice_id), h]));
  const group = <T extends { invoice_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) {
      const id = Number(r.invoice_id);
      const list = m.get(id);
      if (list) list.push(r);
      else m.set(id, [r]);
    }
    return m;
  };
  const linesOf = group(lines);
  const vatOf = group(vat);
  const totalOf = new Map(totals.map((t) => [Number(t.invoice_id), t]));
  return invoiceIds.flatMap((id) => {
    const h = byId.get(id);
    if (!h) return [];
    const t = totalOf.get(id)!;
    return [
      {
        invoiceId: id,
        kind: h.kind,
        number: h.invoice_number,
        companyCode: h.company_code,
        issueDate: h.issue_date,
        dueDate: h.due_date,
        issuedAt: h.issued_at,
        languageCode: h.language_code,
        currencyCode: h.currency_code,
        currencyDigits: Number(h.digits),
        companyCurrencyCode: h.company_currency_code,
        rate: h.rate,
        orderId: Number(h.order_id),
        orderReference: h.order_reference,
        credited: h.credited_id === null ? null : { invoiceId: Number(h.credited_id), number: h.credited_number!, issueDate: h.credited_date! },
        reason: h.reason,
        seller: party(h, 'seller'),
        buyer: party(h, 'buyer'),
        lines: (linesOf.get(id) ?? []).map((l) => ({
          lineNo: Number(l.line_no),
          kind: l.kind,
          productCode: l.product_code,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unit_price,
          discountPercent: l.discount_percent,
          vatRate: l.vat_rate,
          netAmount: l.net,
          vatAmount: l.vat,
          grossAmount: l.gross,
          creditedLineNo: l.credited_line_no === null ? null : Number(l.credited_line_no),
        })),
        vat: (vatOf.get(id) ?? []).map((x) => ({ vatRate: x.vat_rate, netAmount: x.net, vatAmount: x.vat, grossAmount: x.gross })),
        totals: { net: t.net, vat: t.vat, gross: t.gross },
      },
    ];
  });
}
