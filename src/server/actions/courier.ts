/**
 * The courier export and its way back (spec's "courier export" grid, /sales/courier):
 *
 * - `courier_export` (list on /sales/courier): the company's orders ready to ship
 *   (app.v_courier_orders), all or the picked ones, as a Packeta (Zásilkovna) CSV import
 *   file, version 7 (docs.packetery.com "CSV import"): the first line `version 7`, the
 *   second a header the importer ignores, then one packet a line, 24 columns separated by
 *   semicolons, decimal points, UTF-8 without a BOM (the first cell must read `version 7`).
 *   Amounts follow the importer's rules: CZK whole crowns, HUF multiples of 5, others two
 *   decimals. Names and addresses come from anonymous checkouts and the file is opened in a
 *   spreadsheet too: text cells are guarded against formulas as every sheet is
 *   (core/sheetGuard.ts); a phone is written as digits with its '+', a plain number the guard leaves.
 * - `courier_tracking` (set on /sales/courier): a CSV of (reference, tracking_number) as
 *   the carrier's report gives it back; each row names an order of the company by its
 *   number and fills its tracking number through the write engine (change-logged under
 *   sales_orders, no version check: the file is what the carrier says). Rows that cannot be
 *   applied are reported with a code and their file line, the others are written: nothing
 *   in the file is lost silently.
 */
import Papa from 'papaparse';
import { actionContracts } from '../../../schemas/api.ts';
import type { TrackingProblemCode } from '../../core/courier.ts';
import { guardCell, guardRow } from '../../core/sheetGuard.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { implement } from './implement.ts';
import { screens, type Screen } from './engine/screens.ts';
import { rowValues } from './engine/values.ts';
import { importRows, type ImportWrite } from './engine/write.ts';

/** Packeta's CSV columns (version 7), in order: what each one takes from an order. */
export const PACKETA_COLUMNS = [
  'Reserved',
  'Order number',
  'Name',
  'Surname',
  'Company',
  'E-mail',
  'Phone',
  'COD',
  'Currency',
  'Value',
  'Weight',
  'Pickup point or carrier ID',
  'Sender label',
  'Adult content',
  'Delayed delivery',
  'Street',
  'House number',
  'City',
  'ZIP',
  'Carrier pickup point',
  'Width',
  'Height',
  'Depth',
  'Note',
] as const;

interface ReadyOrder {
  order_id: number;
  fsm_reference: string;
  partner_name: string;
  first_name: string | null;
  last_name: string | null;
  address_line_1: string | null;
  address_house_no: string | null;
  zip_code: string | null;
  city: string | null;
  phone: string | null;
  email: string;
  weight: string;
  total: string;
  cod_amount: string;
  currency_code: string;
  carrier_id: string;
  shop_name: string;
}

/** An amount as Packeta takes it in `currency`: CZK whole, HUF a multiple of 5, others 2 decimals (half away from zero, on the decimal text). */
function packetaAmount(amount: string | number, currency: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n) || n <= 0) return '';
  if (currency === 'CZK') return String(Math.round(n));
  if (currency === 'HUF') return String(Math.round(n / 5) * 5);
  return (Math.round(n * 100 + Number.EPSILON * 100) / 100).toFixed(2);
}

/** A text cell at most `n` characters long, the guard's apostrophe included (the importer's limits). */
const cut = (s: string | null | undefined, n: number) => guardCell((s ?? '').trim()).slice(0, n);

/** A phone as the carrier takes it ('+421 900 123-456' → '+421900123456'); any other text as it is (then guarded). */
const phoneOf = (s: string | null): string => {
  const digits = (s ?? '').replace(/[\s\-./()]/g, '');
  return /^\+?\d+$/.test(digits) ? digits : (s ?? '');
};

/** One order's line of the file. The recipient's name falls back to the customer's name (Name and Surname are required). */
function packetaRow(o: ReadyOrder): string[] {
  const [first, ...rest] = o.partner_name.trim().split(/\s+/);
  const name = cut(o.first_name, 32) || cut(first, 32);
  const surname = cut(o.last_name, 32) || cut(rest.join(' '), 32) || name;
  const weight = Number(o.weight);
  return [
    '',
    cut(o.fsm_reference, 24),
    name,
    surname,
    cut(o.partner_name, 32),
    o.email,
    cut(phoneOf(o.phone), 30),
    packetaAmount(o.cod_amount, o.currency_code),
    o.currency_code,
    packetaAmount(o.total, o.currency_code) || (o.currency_code === 'HUF' ? '5' : '1'),
    weight > 0 ? String(weight) : '',
    o.carrier_id,
    cut(o.shop_name, 32),
    '0',
    '',
    cut(o.address_line_1, 60),
    cut(o.address_house_no, 20),
    cut(o.city, 40),
    cut(o.zip_code, 10),
    '',
    '',
    '',
    '',
    '',
  ];
}

/** The file: `version 7`, the header line, the packets; semicolons, CRLF line ends (RFC 4180 quoting). */
function packetaCsv(orders: ReadyOrder[]): string {
  // guardRow: the cells not cut (e-mail, codes) guarded too; a cut cell is guarded already.
  const lines = [['version 7'], [...PACKETA_COLUMNS], ...orders.map((o) => guardRow(packetaRow(o)))];
  return Papa.unparse(lines, { delimiter: ';', newline: '\r\n', quotes: false }) + '\r\n';
}

export const courierExport = implement(actionContracts.courier_export, async ({ db, session }, input) => {
  const ids = input.order_ids ? [...new Set(input.order_ids)] : null;
  const r = await db.query<ReadyOrder>(
    `select order_id, fsm_reference, partner_name, first_name, last_name, address_line_1, address_house_no, zip_code, city, phone, email,
              weight::text as weight, total::text as total, cod_amount::text as cod_amount, currency_code, carrier_id, shop_name
       from app.v_courier_orders where company_code = $1 and ($2::int[] is null or order_id = any($2::int[])) order by order_id`,
    [session.company, ids],
  );
  if (ids && r.rows.length !== ids.length) {
    const found = new Set(r.rows.map((o) => o.order_id));
    const missing = ids.find((id) => !found.has(id));
    throw new HttpError(404, 'not_found', `payload.order_ids: order ${missing} is not ready to ship in this company`);
  }
  const day = new Date().toISOString().slice(0, 10);
  return { file_name: `packeta-${session.company}-${day}.csv`, content_type: 'text/csv; charset=utf-8', rows: r.rows.length, csv: packetaCsv(r.rows) };
});

/** Header names the tracking file may use for its two columns (case, spaces and underscores ignored). */
const REFERENCE_NAMES = new Set(['reference', 'ordernumber', 'fsmreference', 'orderno', 'order']);
const TRACKING_NAMES = new Set(['trackingnumber', 'tracking', 'barcode', 'packetbarcode', 'parcelnumber']);
const fold = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, '');

interface TrackingProblem {
  /** The file's line (1 = the header). */
  line: number;
  code: TrackingProblemCode;
  reference: string;
  /** A validation reason (locale key) for invalid_tracking_number, or the database rule that refused the row. */
  reason?: string;
}

/** A tracking number as the order's column takes it (the engine's column schema), or why not (a validation key). */
function trackingValues(screen: Screen, tracking: string, where: string): { values: Record<string, unknown> } | { reason: string } {
  try {
    return { values: rowValues(screen, 'set', { tracking_number: tracking }, where) };
  } catch (e) {
    if (e instanceof HttpError && e.code === 'invalid_value') return { reason: String(e.params?.reason ?? 'invalid_value') };
    throw e;
  }
}

export const courierTracking = implement(actionContracts.courier_tracking, async ({ db, session }, input) => {
  const parsed = Papa.parse<string[]>(input.csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const [head, ...data] = parsed.data;
  const names = (head ?? []).map((h) => fold(String(h)));
  const refAt = names.findIndex((n) => REFERENCE_NAMES.has(n));
  const trackAt = names.findIndex((n) => TRACKING_NAMES.has(n));
  if (refAt < 0 || trackAt < 0) throw badRequest('payload.csv: the first line must name the columns reference and tracking_number');

  const problems: TrackingProblem[] = [];
  const wanted = new Map<string, { line: number; tracking: string }>();
  data.forEach((cells, i) => {
    const line = i + 2;
    const reference = String(cells[refAt] ?? '').trim();
    const tracking = String(cells[trackAt] ?? '').trim();
    if (!reference) return void problems.push({ line, code: 'missing_reference', reference });
    if (!tracking) return void problems.push({ line, code: 'missing_tracking_number', reference });
    const seen = wanted.get(reference);
    if (seen && seen.tracking !== tracking) return void problems.push({ line, code: 'duplicate_reference', reference });
    if (!seen) wanted.set(reference, { line, tracking });
  });
  const refs = [...wanted.keys()];
  const known = new Map(
    (
      await db.query<{ order_id: number; fsm_reference: string }>('select order_id, fsm_reference from app.sales_orders where company_code = $1 and fsm_reference = any($2::text[])', [
        session.company,
        refs,
      ])
    ).rows.map((o) => [o.fsm_reference, o.order_id]),
  );
  const screen = screens.get('sales_orders')!;
  const plan: ImportWrite = { inserts: [], updates: [] };
  const lineRef = new Map<number, string>();
  for (const [reference, { line, tracking }] of wanted) {
    const orderId = known.get(reference);
    if (orderId === undefined) {
      problems.push({ line, code: 'unknown_reference', reference });
      continue;
    }
    const checked = trackingValues(screen, tracking, `rows.${line}`);
    if ('reason' in checked) {
      problems.push({ line, code: 'invalid_tracking_number', reference, reason: checked.reason });
      continue;
    }
    lineRef.set(line, reference);
    plan.updates.push({ line, where: `rows.${line}`, keys: [orderId], values: checked.values });
  }
  const written = plan.updates.length ? await importRows(db, screen, plan, { company: session.company, userId: session.userId }) : { inserted: 0, updated: 0, refused: [] };
  for (const r of written.refused) {
    problems.push({ line: r.line, code: 'invalid_tracking_number', reference: lineRef.get(r.line) ?? '', reason: r.error.params?.rule ? `rules.${String(r.error.params.rule)}` : r.error.code });
  }
  problems.sort((a, b) => a.line - b.line);
  const applied = plan.updates.length - written.refused.length;
  return { rows: data.length, updated: written.updated, unchanged: applied - written.updated, problems };
});
