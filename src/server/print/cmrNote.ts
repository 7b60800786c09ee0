/**
 * The CMR consignment note as the convention's A4 form (issue 47, point 2): the IRU model's
 * 24 numbered boxes where that form has them — 1 sender, 2 consignee, 3 place of delivery,
 * 4 place and date of taking over, 5 documents attached (left), 16 carrier, 17 successive
 * carriers, 18 carrier's reservations (right), 6–12 the goods across the page, 13 sender's
 * instructions, 14 payment for carriage, 15 cash on delivery, 21 established in/on (left),
 * 19 special agreements, 20 to be paid by (right), 22–24 the signatures. Each box is titled
 * in the reader's language and in English (a note crosses borders). The sender is the company
 * with its address (106); the goods are the note's line and, for an order, its items.
 * The PDF wraps and shrinks every text and continues what does not fit (pdfForm.ts).
 */
import { formatDay } from '../../core/format.ts';
import type { FormBox, KeptAs, PrintBatch, PrintForm } from '../../core/print.ts';
import { pickText } from '../../core/query/langText.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import type { Queryable } from '../db/types.ts';
import { refused } from '../http/errors.ts';
import { intlFor } from '../texts/captions.ts';
import { documentIds, type PrintBuilder } from './builder.ts';

interface Note {
  cmr_id: number;
  cmr_number: string;
  order_id: number | null;
  order_reference: string | null;
  invoice_no: string;
  consignee: string;
  place_of_delivery: string;
  taking_over_place: string;
  taking_over_date: string;
  marks: string;
  packages: number;
  packing: string;
  hs_name: string;
  hs_code: string;
  weight: string;
  volume: string;
  carrier: string;
  successive_carriers: string;
  remarks: string;
  sender_instructions: string;
  payment_instructions: string;
  special_agreements: string;
  paid_by: 'sender' | 'consignee';
  cod_amount: string | null;
  currency_code: string | null;
}

interface Company {
  company_name: string;
  address_line_1: string | null;
  zip_code: string | null;
  city: string | null;
  country_code: string;
  country_names: unknown;
  vat_number: string | null;
}

interface Item {
  order_id: number;
  product_code: string;
  product_name: unknown;
  quantity: string;
  hs_code: string | null;
}

/** The form's geometry in millimetres: two columns of 95 mm, the goods across the 190. */
const HALF = 95;
const GOODS = { y: 102, h: 70 };
/** Boxes 6–12: key, box number, width in mm (190 together), alignment. */
const GOODS_COLUMNS = [
  { key: 'marks', no: 6, width: 24 },
  { key: 'packages', no: 7, width: 16, align: 'right' },
  { key: 'packing', no: 8, width: 22 },
  { key: 'goods', no: 9, width: 64 },
  { key: 'statistical', no: 10, width: 22 },
  { key: 'weight', no: 11, width: 22, align: 'right' },
  { key: 'volume', no: 12, width: 20, align: 'right' },
] as const;
/** The other boxes: number, place (x, y, w, h). The header box (no number) holds the note's number. */
const BOXES: { no: number; x: number; y: number; w: number; h: number }[] = [
  { no: 1, x: 0, y: 0, w: HALF, h: 26 },
  { no: 2, x: 0, y: 26, w: HALF, h: 28 },
  { no: 16, x: HALF, y: 26, w: HALF, h: 28 },
  { no: 3, x: 0, y: 54, w: HALF, h: 16 },
  { no: 17, x: HALF, y: 54, w: HALF, h: 16 },
  { no: 4, x: 0, y: 70, w: HALF, h: 16 },
  { no: 18, x: HALF, y: 70, w: HALF, h: 32 },
  { no: 5, x: 0, y: 86, w: HALF, h: 16 },
  { no: 13, x: 0, y: 172, w: HALF, h: 24 },
  { no: 19, x: HALF, y: 172, w: HALF, h: 24 },
  { no: 14, x: 0, y: 196, w: HALF, h: 14 },
  { no: 20, x: HALF, y: 196, w: HALF, h: 34 },
  { no: 15, x: 0, y: 210, w: HALF, h: 10 },
  { no: 21, x: 0, y: 220, w: HALF, h: 10 },
  { no: 22, x: 0, y: 230, w: 190 / 3, h: 30 },
  { no: 23, x: 190 / 3, y: 230, w: 190 / 3, h: 30 },
  { no: 24, x: (2 * 190) / 3, y: 230, w: 190 / 3, h: 30 },
];
const FORM_HEIGHT = 260;

const joinLines = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join('\n');

/**
 * CMR notes (`cmr_id`, repeated): one form each. Needs the CMR notes page's list right
 * beside the print page's (a note is the sales administration's), the notes the company's.
 */
export const cmrNotes: PrintBuilder = async (db, session, params, lang) => {
  const ids = documentIds(params, 'cmr_id');
  await requirePagePermission(db, session, '/sales/cmr', 'list', 'cmr');
  return cmrNoteBatch(db, session.company, ids, lang);
};

/**
 * The CMR notes `ids` of `company` in `lang` (one missing: 404), without a user's rights: the
 * print route checks them, a mail's sender has (mail/documents.ts). A note for an order is kept
 * on that order's Documents tab when printed or mailed (documentStore.ts).
 */
export async function cmrNoteBatch(db: Queryable, companyCode: string, ids: number[], lang: string): Promise<PrintBatch> {
  const notes = await db.query<Note>(
    `select n.cmr_id, n.cmr_number, n.order_id, n.order_reference, n.invoice_no, n.consignee, n.place_of_delivery, n.taking_over_place,
            n.taking_over_date::text, n.marks, n.packages, n.packing, n.hs_name, n.hs_code, n.weight::text, n.volume::text, n.carrier,
            n.successive_carriers, n.remarks, n.sender_instructions, n.payment_instructions, n.special_agreements, n.paid_by,
            -- Box 15: the order's total when the carrier collects it (cash on delivery).
            case when pm.pm_code = 'cod' then (select coalesce(sum(x.net_amount + x.vat_amount), 0) from app.v_sales_order_items x where x.order_id = o.order_id)::text end as cod_amount,
            o.currency_code
     from app.v_cmr_notes n
     left join app.sales_orders o on o.order_id = n.order_id
     left join app.payment_methods pm on pm.pm_id = o.pm_id
     where n.cmr_id = any($1::int[]) and n.company_code = $2`,
    [ids, companyCode],
  );
  const byId = new Map(notes.rows.map((n) => [n.cmr_id, n]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw refused('not_found', `cmr_id: no CMR note ${missing} in this company`, {}, 404);
  const company = (
    await db.query<Company>(
      `select c.company_name, c.address_line_1, c.zip_code, c.city, c.country_code, co.country_names, c.vat_number
       from app.companies c left join app.countries co on co.country_code = c.country_code where c.company_code = $1`,
      [companyCode],
    )
  ).rows[0]!;
  const orderIds = notes.rows.flatMap((n) => (n.order_id === null ? [] : [n.order_id]));
  const items = await db.query<Item>(
    `select it.order_id, it.product_code, p.product_name, it.quantity::text, p.hs_code
     from app.sales_order_items it join app.products p on p.product_code = it.product_code
     where it.order_id = any($1::int[]) order by it.order_id, it.item_id`,
    [orderIds],
  );
  const intl = await intlFor(db, lang);
  const english = lang === 'en' ? intl : await intlFor(db, 'en');
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  /** A box's titles: the reader's, then the English one where it differs. */
  const titles = (id: string) => [...new Set([text(id), english.formatMessage({ id })])];
  const number = (v: string, digits: number) => (Number(v) ? intl.formatNumber(Number(v), { maximumFractionDigits: digits }) : '');
  const countryName = pickText(company.country_names, lang)?.text ?? '';
  const sender = joinLines(
    company.company_name,
    company.address_line_1,
    [company.zip_code, company.city].filter(Boolean).join(' '),
    countryName ? `${company.country_code} – ${countryName}` : company.country_code,
    company.vat_number ? text('print.cmr_vat', { vat: company.vat_number }) : '',
  );

  const form = (n: Note): PrintForm => {
    const taking = joinLines(n.taking_over_place, formatDay(n.taking_over_date, intl.locale));
    const cod = n.cod_amount !== null && n.currency_code ? intl.formatNumber(Number(n.cod_amount), { style: 'currency', currency: n.currency_code }) : '';
    const boxText: Record<number, string> = {
      1: sender,
      2: n.consignee,
      3: n.place_of_delivery,
      4: taking,
      5: joinLines(n.invoice_no, n.order_reference),
      13: n.sender_instructions,
      14: n.payment_instructions,
      15: cod,
      16: n.carrier,
      17: n.successive_carriers,
      18: n.remarks,
      19: n.special_agreements,
      20: text('print.cmr_carriage', { payer: text(`options.paid_by.${n.paid_by}`) }),
      21: [company.city ?? '', formatDay(n.taking_over_date, intl.locale)].filter(Boolean).join(', '),
      22: '',
      23: '',
      24: '',
    };
    const boxes: FormBox[] = [
      { no: '', titles: titles('print.cmr_heading'), text: n.cmr_number, x: HALF, y: 0, w: HALF, h: 10, size: 14, bold: true },
      { no: '', titles: [], text: titles('print.cmr_convention').join('\n'), x: HALF, y: 10, w: HALF, h: 16, size: 7 },
      ...BOXES.map((b) => ({ ...b, no: String(b.no), titles: titles(`print.cmr_box_${b.no}`), text: boxText[b.no] ?? '' })),
    ];
    const lines: Record<string, string>[] = [
      {
        marks: n.marks,
        packages: n.packages ? intl.formatNumber(n.packages) : '',
        packing: n.packing,
        goods: n.hs_name,
        statistical: n.hs_code,
        weight: number(n.weight, 3),
        volume: number(n.volume, 3),
      },
      ...items.rows
        .filter((it) => it.order_id === n.order_id)
        .map((it) => ({
          marks: it.product_code,
          goods: text('print.cmr_item', { quantity: intl.formatNumber(Number(it.quantity), { maximumFractionDigits: 3 }), name: pickText(it.product_name, lang)?.text ?? it.product_code }),
          statistical: it.hs_code ?? '',
        })),
    ];
    return {
      height: FORM_HEIGHT,
      boxes,
      lines: {
        x: 0,
        y: GOODS.y,
        w: 190,
        h: GOODS.h,
        columns: GOODS_COLUMNS.map((c) => ({ key: c.key, no: String(c.no), titles: titles(`print.cmr_box_${c.no}`), width: c.width, ...('align' in c ? { align: c.align } : {}) })),
        rows: lines,
      },
      continued: text('print.cmr_continued'),
      continuation: { title: text('print.cmr_continuation', { number: n.cmr_number }) },
    };
  };

  const title = text('screens.cmr_notes_print.title');
  return {
    key: 'cmr_notes_print',
    lang,
    fileName: ids.length === 1 ? byId.get(ids[0]!)!.cmr_number : title,
    documents: ids.map((id) => {
      const n = byId.get(id)!;
      const keep: KeptAs | undefined = n.order_id === null ? undefined : { on: 'sales_order', id: Number(n.order_id), docType: 'cmr_note', code: n.cmr_number, record: Number(n.cmr_id) };
      return { title: text('print.cmr_title', { number: n.cmr_number }), meta: [], blocks: [{ kind: 'form', form: form(n) }], ...(keep ? { keep } : {}) };
    }),
  };
}
