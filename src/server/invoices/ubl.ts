/**
 * An issued invoice or credit note (read.ts) as the data of an EN 16931 e-invoice in UBL 2.1,
 * in the shape of @e-invoice-eu/core's `Invoice` (its JSON schema: the business terms BT-…
 * with their cardinalities, data types and code lists), which einvoice.ts validates and
 * renders as XML. Pure: the same document gives the same data every time.
 *
 * What goes where (EN 16931 business terms):
 * - BT-1 number, BT-2 issue date, BT-9 due date (an invoice's), BT-3 type 380 (invoice) or
 *   381 (credit note), BT-5 the document's currency; BT-14 the sales order's number; a credit
 *   note's BT-25/26 the invoice it credits and BT-22 its reason.
 * - Seller and buyer as they were on the issue date: legal name (BT-27/44), VAT number
 *   (BT-31/48), the seller's registration number (BT-30), postal address (a buyer without a
 *   country of its own is taken to be in the seller's: BT-55 is mandatory), e-mail as the
 *   electronic address (BT-34/49, scheme EM) where there is one, contact.
 * - One line per document line (charges included, as printed); its net price (BT-146) after
 *   the line's discount, the gross price (BT-148) and the discount (BT-147) beside it. Prices
 *   are amounts of at most two decimals in the library's schema: a price with more (a unit
 *   price of four decimals, less a discount) is stated per 10, 100, … units (the base
 *   quantity, BT-149), so nothing is rounded away.
 * - VAT per rate (BG-23) as the document adds its rounded lines; category S for a rate above
 *   zero, Z for zero. A document in another currency than the company's states the company's
 *   as the VAT accounting currency (BT-6) and its VAT in it at the document's rate (BT-111).
 * - The seller's IBAN as the account to pay to (BG-17, SEPA credit transfer in euros, else a
 *   credit transfer) with the invoice number as remittance information (BT-83).
 * Amounts of a credit note are positive, as EN 16931 wants them: its type says it reverses.
 */
import { decimalText as text, scaled, timesRate } from './decimal.ts';
import type { InvoiceDocument } from './read.ts';

type Node = { [key: string]: string | Node | Node[] | string[] };

/** A quantity without trailing zeros ("3.000" → "3", "1.500" → "1.5"). */
const quantity = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q);

/** A rate as a percentage without trailing zeros ("20.00" → "20", "5.50" → "5.5"). */
const percent = quantity;

/** An amount of the document: two decimals (the schema allows no more; a currency without decimals has none). */
const amount = (value: string, digits: number) => text(scaled(value, 10), 10, Math.min(digits, 2));

/**
 * The price of a line per base quantity: net (after the discount), gross and discount, each
 * with at most two decimals, the base quantity 10^k the smallest that makes them so.
 */
function linePrice(unitPrice: string, discountPercent: string): { base: string; net: string; gross: string; discount: string | null } {
  // Scale 8: unit price (4 decimals) × (100 − discount) (2 decimals) / 100.
  const u = scaled(unitPrice, 4);
  const d = scaled(discountPercent, 2);
  const gross = u * 10_000n;
  const net = u * (10_000n - d);
  const values = d === 0n ? [net] : [net, gross, gross - net];
  let k = 0;
  while (k < 6 && values.some((v) => (v * 10n ** BigInt(k)) % 1_000_000n !== 0n)) k++;
  const times = 10n ** BigInt(k);
  return {
    base: times.toString(),
    net: text(net * times, 8, 2),
    gross: text(gross * times, 8, 2),
    discount: d === 0n ? null : text((gross - net) * times, 8, 2),
  };
}

// ---- the document -------------------------------------------------------------------------

const vatCategory = (rate: string) => (scaled(rate, 4) === 0n ? 'Z' : 'S');
const taxCategory = (rate: string): Node => ({ 'cbc:ID': vatCategory(rate), 'cbc:Percent': percent(rate), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
const compact = (s: string) => s.replace(/\s+/g, '');
/** Keys whose value is empty are left out (an empty element is no value in EN 16931). */
const present = (n: Record<string, string | Node | undefined>): Node => Object.fromEntries(Object.entries(n).filter((e): e is [string, string | Node] => e[1] !== undefined && e[1] !== ''));

function address(p: InvoiceDocument['seller'], country: string): Node {
  return present({
    'cbc:StreetName': [p.addressLine1, p.houseNo].filter(Boolean).join(' '),
    'cbc:CityName': p.city,
    'cbc:PostalZone': p.zipCode,
    'cac:Country': { 'cbc:IdentificationCode': country },
  });
}

/** A party (BG-4 seller, BG-7 buyer). The seller's VAT number (BT-31) is one of a list in the schema, the buyer's (BT-48) one. */
function party(p: InvoiceDocument['seller'], country: string, seller: boolean): Node {
  const contact = present({ 'cbc:Name': p.contact, 'cbc:Telephone': p.phone, 'cbc:ElectronicMail': p.email });
  const vat: Node = { 'cbc:CompanyID': compact(p.vatNumber), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const n = present({
    'cbc:EndpointID': p.email,
    'cbc:EndpointID@schemeID': p.email ? 'EM' : '',
    'cac:PostalAddress': address(p, country),
    'cac:PartyLegalEntity': present({ 'cbc:RegistrationName': p.name, 'cbc:CompanyID': seller ? p.registrationNumber : '' }),
    'cac:Contact': Object.keys(contact).length ? contact : undefined,
  });
  if (p.vatNumber) n['cac:PartyTaxScheme'] = seller ? [vat] : vat;
  return n;
}

/** The e-invoice data of `doc` (validated and rendered by einvoice.ts). */
export function ublInvoice(doc: InvoiceDocument): Node {
  const cur = doc.currencyCode;
  const digits = doc.currencyDigits;
  const at = (key: string, value: string): Node => ({ [key]: amount(value, digits), [`${key}@currencyID`]: cur });
  const credit = doc.kind === 'credit_note';
  const sellerCountry = doc.seller.countryCode ?? '';
  const buyerCountry = doc.buyer.countryCode ?? sellerCountry;

  const taxTotals: Node[] = [
    {
      ...at('cbc:TaxAmount', doc.totals.vat),
      'cac:TaxSubtotal': doc.vat.map((v) => ({ ...at('cbc:TaxableAmount', v.netAmount), ...at('cbc:TaxAmount', v.vatAmount), 'cac:TaxCategory': taxCategory(v.vatRate) })),
    },
  ];
  const foreign = doc.companyCurrencyCode !== cur && doc.rate !== null;
  if (foreign) {
    // BT-111: the VAT in the company's currency at the document's rate.
    taxTotals.push({ 'cbc:TaxAmount': timesRate(doc.totals.vat, doc.rate!), 'cbc:TaxAmount@currencyID': doc.companyCurrencyCode });
  }

  const lines: Node[] = doc.lines.map((l) => {
    const p = linePrice(l.unitPrice, l.discountPercent);
    const price: Node = { 'cbc:PriceAmount': p.net, 'cbc:PriceAmount@currencyID': cur };
    if (p.base !== '1') Object.assign(price, { 'cbc:BaseQuantity': p.base, 'cbc:BaseQuantity@unitCode': 'C62' });
    if (p.discount !== null)
      price['cac:AllowanceCharge'] = { 'cbc:ChargeIndicator': 'false', 'cbc:Amount': p.discount, 'cbc:Amount@currencyID': cur, 'cbc:BaseAmount': p.gross, 'cbc:BaseAmount@currencyID': cur };
    return {
      'cbc:ID': String(l.lineNo),
      'cbc:InvoicedQuantity': quantity(l.quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      ...at('cbc:LineExtensionAmount', l.netAmount),
      'cac:Item': present({
        'cbc:Name': l.description,
        'cac:SellersItemIdentification': l.productCode ? { 'cbc:ID': l.productCode } : undefined,
        'cac:ClassifiedTaxCategory': taxCategory(l.vatRate),
      }),
      'cac:Price': price,
    };
  });

  const invoice: Node = present({
    'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    'cbc:DueDate': credit ? '' : doc.dueDate,
    'cbc:InvoiceTypeCode': credit ? '381' : '380',
    'cbc:DocumentCurrencyCode': cur,
    'cbc:TaxCurrencyCode': foreign ? doc.companyCurrencyCode : '',
    'cac:OrderReference': { 'cbc:SalesOrderID': doc.orderReference },
    // Elements in any order here: the library writes them in the schema's.
    'cac:AccountingSupplierParty': { 'cac:Party': party(doc.seller, sellerCountry, true) },
    'cac:AccountingCustomerParty': { 'cac:Party': party(doc.buyer, buyerCountry, false) },
  });
  if (credit && doc.reason) invoice['cbc:Note'] = [doc.reason];
  if (doc.credited) invoice['cac:BillingReference'] = [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.credited.number, 'cbc:IssueDate': doc.credited.issueDate } }];
  if (!credit && doc.seller.iban)
    invoice['cac:PaymentMeans'] = [{ 'cbc:PaymentMeansCode': cur === 'EUR' ? '58' : '30', 'cbc:PaymentID': doc.number, 'cac:PayeeFinancialAccount': { 'cbc:ID': compact(doc.seller.iban) } }];
  invoice['cac:TaxTotal'] = taxTotals;
  invoice['cac:LegalMonetaryTotal'] = {
    ...at('cbc:LineExtensionAmount', doc.totals.net),
    ...at('cbc:TaxExclusiveAmount', doc.totals.net),
    ...at('cbc:TaxInclusiveAmount', doc.totals.gross),
    ...at('cbc:PayableAmount', doc.totals.gross),
  };
  invoice['cac:InvoiceLine'] = lines;
  return { 'ubl:Invoice': invoice };
}
