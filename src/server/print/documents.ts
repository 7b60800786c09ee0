/**
 * The print documents' builders (docs/print-and-reports.md "Print documents"): a registry key →
 * a builder that reads what it prints (its SQL fixed here, the company the session's) and
 * answers the typed model of src/core/print.ts with every text in the reader's language.
 * The browser's print page (HTML) and the PDF (pdf.ts) draw the same model.
 */
import { isEan13, type Barcode, type PrintDocumentKey, type PrintLabel } from '../../core/print.ts';
import { pickText } from '../../core/query/langText.ts';
import { badRequest, refused } from '../http/errors.ts';
import { formatDay, formatDayTime } from '../../core/format.ts';
import type { intlOf } from '../mail/render.ts';
import { intlFor } from '../texts/captions.ts';
import { documentIds, obdBlocks, type PrintBuilder } from './builder.ts';
import { cmrNotes } from './cmrNote.ts';
import { deliveryNotesPrint, invoicesPrint, orderConfirmationsPrint, purchaseOrdersPrint } from './salesDocuments.ts';

export type { PrintBuilder } from './builder.ts';

/** Labels in one request (one PDF): 50 A4 pages of 10. */
export const MAX_LABELS = 500;
const PRODUCT_CODE = /^[A-Za-z0-9._/-]{1,40}$/;

type Intl = ReturnType<typeof intlOf>;
/** The reader's texts: the catalogue's, or an administrator's caption of them (texts/captions.ts). */
const textsOf = (intl: Intl) => (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

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
  const intl = await intlFor(db, lang);
  const text = textsOf(intl);
  const labels = codes.map((code): PrintLabel => {
    const p = byCode.get(code)!;
    const barcodes: Barcode[] = [{ symbology: 'code128', value: code }];
    const gtin = p.supplier_product_code?.trim() ?? '';
    barcodes.push(isEan13(gtin) ? { symbology: 'ean13', value: gtin } : { symbology: 'qrcode', value: code });
    const price =
      p.selling_price_shop === null
        ? []
        : [
            text('print.price', {
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
    fileName: text('screens.product_labels.title'),
    documents: [
      {
        title: text('screens.product_labels.title'),
        meta: [
          { label: text('print.company'), value: session.company },
          { label: text('print.labels'), value: intl.formatNumber(labels.length) },
        ],
        blocks: [{ kind: 'labels', columns: 2, labelHeight: 50, labels }],
      },
    ],
  };
};

const qty = (intl: Intl, v: unknown) => intl.formatNumber(Number(v), { maximumFractionDigits: 3 });
// Days as the grid and the kanban show them (core/format.ts); a time in the server's zone, 24-hour.
const dateTime = (intl: Intl, v: unknown) => (v ? formatDayTime(v, intl.locale, intl.timeZone) : '');
const day = (intl: Intl, v: unknown) => (v ? formatDay(v, intl.locale) : '');

/** The number of a document as a label with its Code 128, for a scanner at the packing table. */
const numberLabel = (heading: string, code: string): PrintLabel => ({ heading, lines: [], code, barcodes: [{ symbology: 'code128', value: code }] });

/**
 * Pick lists (`pick_list_id`, repeated): per list its number (with its barcode), when and by
 * whom it was made, and its lines in walking order — shelf, storage, product, order,
 * quantity, what is picked and a box to tick.
 */
const pickLists: PrintBuilder = async (db, session, params, lang) => {
  const ids = documentIds(params, 'pick_list_id');
  const lists = await db.query<{ pick_list_id: number; pick_list_no: string; created_at: string; created_by_name: string; order_refs: string | null; note: string }>(
    `select pick_list_id, pick_list_no, created_at, created_by_name, order_refs, note from app.v_pick_lists where pick_list_id = any($1::int[]) and company_code = $2`,
    [ids, session.company],
  );
  const byId = new Map(lists.rows.map((l) => [l.pick_list_id, l]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw refused('not_found', `pick_list_id: no pick list ${missing} in this company`, {}, 404);
  const lines = await db.query<{
    pick_list_id: number;
    shelf_code: string;
    storage_code: string;
    product_code: string;
    product_name: unknown;
    fsm_reference: string;
    quantity: string;
    picked_qty: string;
  }>(
    `select pick_list_id, shelf_code, storage_code, product_code, product_name, fsm_reference, quantity::text, picked_qty::text
     from app.v_pick_list_items where pick_list_id = any($1::int[]) order by pick_list_id, walk_order, shelf_code, storage_position, storage_code, pick_item_id`,
    [ids],
  );
  const intl = await intlFor(db, lang);
  const text = textsOf(intl);
  const obd = await obdBlocks(db, session.company, 'pick_list', lang);
  const title = text('screens.pick_lists_print.title');
  return {
    key: 'pick_lists_print',
    lang,
    fileName: ids.length === 1 ? byId.get(ids[0]!)!.pick_list_no : title,
    documents: ids.map((id) => {
      const l = byId.get(id)!;
      return {
        title: text('print.pick_list', { number: l.pick_list_no }),
        meta: [
          { label: text('print.company'), value: session.company },
          { label: text('fields.created_at'), value: dateTime(intl, l.created_at) },
          { label: text('fields.created_by_name'), value: l.created_by_name },
          { label: text('fields.order_refs'), value: l.order_refs ?? '' },
          ...(l.note ? [{ label: text('fields.note'), value: l.note }] : []),
        ],
        blocks: [
          ...obd.header,
          { kind: 'labels', columns: 2, labelHeight: 40, labels: [numberLabel(l.pick_list_no, l.pick_list_no)] },
          {
            kind: 'table',
            table: {
              columns: [
                { key: 'shelf', title: text('fields.shelf_code'), width: 14 },
                { key: 'storage', title: text('fields.storage_id'), width: 24 },
                { key: 'code', title: text('fields.product_code'), width: 26 },
                { key: 'name', title: text('fields.product_name'), width: 56 },
                { key: 'order', title: text('fields.fsm_reference'), width: 30 },
                { key: 'qty', title: text('fields.quantity'), width: 14, align: 'right' },
                { key: 'picked', title: text('fields.picked_qty'), width: 16, align: 'right' },
                { key: 'tick', title: '✓', width: 10 },
              ],
              rows: lines.rows
                .filter((x) => x.pick_list_id === id)
                .map((x) => ({
                  shelf: x.shelf_code,
                  storage: x.storage_code,
                  code: x.product_code,
                  name: pickText(x.product_name, lang)?.text ?? x.product_code,
                  order: x.fsm_reference,
                  qty: qty(intl, x.quantity),
                  picked: Number(x.picked_qty) ? qty(intl, x.picked_qty) : '',
                  tick: Number(x.picked_qty) >= Number(x.quantity) ? '✓' : '☐',
                })),
            },
          },
          ...obd.footer,
          ...obd.terms,
        ],
      };
    }),
  };
};

/**
 * Arriving shipments (`po_id`, repeated): per purchase order its number (with its barcode),
 * supplier, dates and container, and its lines — product, ordered, received, still open and
 * the home storage to put it on — for the goods-in check.
 */
const arrivingShipments: PrintBuilder = async (db, session, params, lang) => {
  const ids = documentIds(params, 'po_id');
  const pos = await db.query<{
    po_id: number;
    fsm_reference: string;
    partner_name: string;
    etd: string | null;
    eta: string | null;
    container_no: string;
    external_reference: string;
    state_names: unknown;
  }>(`select po_id, fsm_reference, partner_name, etd::text, eta::text, container_no, external_reference, state_names from app.v_purchase_orders where po_id = any($1::int[]) and company_code = $2`, [
    ids,
    session.company,
  ]);
  const byId = new Map(pos.rows.map((p) => [p.po_id, p]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw refused('not_found', `po_id: no purchase order ${missing} in this company`, {}, 404);
  const lines = await db.query<{ po_id: number; product_code: string; product_name: unknown; quantity: string; received_qty: string; open_qty: string; home: string | null }>(
    `select i.po_id, i.product_code, i.product_name, i.quantity::text, i.received_qty::text, i.open_qty::text,
            (select string_agg(s.storage_code, ', ' order by ps.pack_no) from app.product_pack_storages ps join app.storages s on s.storage_id = ps.storage_id where ps.product_code = i.product_code) as home
     from app.v_purchase_order_items i where i.po_id = any($1::int[]) order by i.po_id, i.po_item_id`,
    [ids],
  );
  const intl = await intlFor(db, lang);
  const text = textsOf(intl);
  const obd = await obdBlocks(db, session.company, 'arriving_shipment', lang);
  const title = text('screens.arriving_shipments_print.title');
  return {
    key: 'arriving_shipments_print',
    lang,
    fileName: ids.length === 1 ? byId.get(ids[0]!)!.fsm_reference : title,
    documents: ids.map((id) => {
      const p = byId.get(id)!;
      return {
        title: text('print.arriving_shipment', { number: p.fsm_reference }),
        meta: [
          { label: text('print.company'), value: session.company },
          { label: text('fields.supplier'), value: p.partner_name },
          { label: text('fields.state_names'), value: pickText(p.state_names, lang)?.text ?? '' },
          { label: text('fields.etd'), value: day(intl, p.etd) },
          { label: text('fields.eta'), value: day(intl, p.eta) },
          ...(p.container_no ? [{ label: text('fields.container_no'), value: p.container_no }] : []),
          ...(p.external_reference ? [{ label: text('fields.external_reference'), value: p.external_reference }] : []),
        ],
        blocks: [
          ...obd.header,
          { kind: 'labels', columns: 2, labelHeight: 40, labels: [numberLabel(p.fsm_reference, p.fsm_reference)] },
          {
            kind: 'table',
            table: {
              columns: [
                { key: 'code', title: text('fields.product_code'), width: 28 },
                { key: 'name', title: text('fields.product_name'), width: 64 },
                { key: 'qty', title: text('fields.quantity'), width: 20, align: 'right' },
                { key: 'received', title: text('fields.received_qty'), width: 22, align: 'right' },
                { key: 'open', title: text('fields.open_qty'), width: 20, align: 'right' },
                { key: 'home', title: text('fields.storage_id'), width: 36 },
              ],
              rows: lines.rows
                .filter((x) => x.po_id === id)
                .map((x) => ({
                  code: x.product_code,
                  name: pickText(x.product_name, lang)?.text ?? x.product_code,
                  qty: qty(intl, x.quantity),
                  received: qty(intl, x.received_qty),
                  open: qty(intl, x.open_qty),
                  home: x.home ?? '',
                })),
            },
          },
          ...obd.footer,
          ...obd.terms,
        ],
      };
    }),
  };
};

/** Every print document by key (src/core/printDocuments.ts names the same keys: the compiler keeps them in step). */
export const PRINT_BUILDERS: Readonly<Record<PrintDocumentKey, PrintBuilder>> = {
  product_labels: productLabels,
  pick_lists_print: pickLists,
  arriving_shipments_print: arrivingShipments,
  cmr_notes_print: cmrNotes,
  order_confirmations_print: orderConfirmationsPrint,
  delivery_notes_print: deliveryNotesPrint,
  invoices_print: invoicesPrint,
  purchase_orders_print: purchaseOrdersPrint,
};
