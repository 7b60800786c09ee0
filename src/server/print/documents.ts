/**
 * The print documents' builders (docs/architecture.md "Print documents"): a registry key →
 * a builder that reads what it prints (its SQL fixed here, the company the session's) and
 * answers the typed model of src/core/print.ts with every text in the reader's language.
 * The browser's print page (HTML) and the PDF (pdf.ts) draw the same model.
 */
import { isEan13, type Barcode, type PrintBatch, type PrintDocumentKey, type PrintLabel } from '../../core/print.ts';
import { pickText } from '../../core/query/langText.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, refused } from '../http/errors.ts';
import { intlOf } from '../mail/render.ts';
import type { Session } from '../rpc/context.ts';

/** A builder: the session (its company already checked), the request's query parameters, the reader's language. */
export type PrintBuilder = (db: Queryable, session: Session & { company: string }, params: URLSearchParams, lang: string) => Promise<PrintBatch>;

/** Labels in one request (one PDF): 50 A4 pages of 10. */
export const MAX_LABELS = 500;
const PRODUCT_CODE = /^[A-Za-z0-9._/-]{1,40}$/;

const text = (lang: string, id: string, values?: Record<string, string | number>) => intlOf(lang).formatMessage({ id }, values);

/** The product codes asked for (`product_code`, repeated), in order; a code given twice gives two labels. */
function productCodes(params: URLSearchParams): string[] {
  const codes = params.getAll('product_code').map((c) => c.trim());
  if (codes.length === 0) throw refused('print_nothing', 'product_code: give at least one product', { field: 'product_code' });
  if (codes.length > MAX_LABELS) throw refused('print_too_many', `product_code: at most ${MAX_LABELS} labels at once`, { limit: MAX_LABELS });
  for (const c of codes) if (!PRODUCT_CODE.test(c)) throw badRequest(`product_code: "${c.slice(0, 60)}" is not a product code`, 'product_code');
  return codes;
}

/**
 * Product labels: per product its name in the reader's language, its code as Code 128 and
 * QR (EAN-13 instead of the QR when the supplier code is a valid GTIN-13), its price in the
 * company's currency. Products of other companies are refused like unknown ones.
 */
const productLabels: PrintBuilder = async (db, session, params, lang) => {
  const codes = productCodes(params);
  const r = await db.query<{
    product_code: string;
    product_name: unknown;
    supplier_product_code: string | null;
    selling_price_shop: number | null;
    currency_code: string;
    currency_precision: number;
  }>(
    `select p.product_code, p.product_name, p.supplier_product_code, p.selling_price_shop, c.currency_code, cur.currency_precision
     from app.products p
     join app.companies c on c.company_code = p.company_code
     join app.currencies cur on cur.currency_code = c.currency_code
     where p.product_code = any($1::text[]) and p.company_code = $2`,
    [[...new Set(codes)], session.company],
  );
  const byCode = new Map(r.rows.map((p) => [p.product_code, p]));
  const missing = codes.find((c) => !byCode.has(c));
  if (missing !== undefined) throw refused('unknown_product', `product_code: no product "${missing}" in this company`, { field: 'product_code', value: missing }, 404);
  const intl = intlOf(lang);
  const labels = codes.map((code): PrintLabel => {
    const p = byCode.get(code)!;
    const barcodes: Barcode[] = [{ symbology: 'code128', value: code }];
    const gtin = p.supplier_product_code?.trim() ?? '';
    barcodes.push(isEan13(gtin) ? { symbology: 'ean13', value: gtin } : { symbology: 'qrcode', value: code });
    const price =
      p.selling_price_shop === null
        ? []
        : [
            text(lang, 'print.price', {
              price: intl.formatNumber(Number(p.selling_price_shop), {
                style: 'currency',
                currency: p.currency_code,
                minimumFractionDigits: p.currency_precision,
                maximumFractionDigits: p.currency_precision,
              }),
            }),
          ];
    return { heading: pickText(p.product_name, lang)?.text ?? code, lines: price, code, barcodes };
  });
  return {
    key: 'product_labels',
    lang,
    fileName: text(lang, 'screens.product_labels.title'),
    documents: [
      {
        title: text(lang, 'screens.product_labels.title'),
        meta: [
          { label: text(lang, 'print.company'), value: session.company },
          { label: text(lang, 'print.labels'), value: intl.formatNumber(labels.length) },
        ],
        blocks: [{ kind: 'labels', columns: 2, labelHeight: 50, labels }],
      },
    ],
  };
};

/** Every print document by key (src/core/printDocuments.ts names the same keys: the compiler keeps them in step). */
export const PRINT_BUILDERS: Readonly<Record<PrintDocumentKey, PrintBuilder>> = {
  product_labels: productLabels,
};
