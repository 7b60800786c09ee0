/**
 * What the navigation bench's own pages (nav-ag, nav-floor) share: a list call through the
 * real server's `/rpc/api_action` with the bench's access token (a cookie of the bench's
 * own: the app keeps its token in memory) and the company cookie, as the app makes it.
 */

/** The bench pages' access token (set by tests/bench/nav.ts; the app reads no such cookie). */
export const BENCH_TOKEN_COOKIE = 'navbench.token';

export const FORM = 'product_list';
export const LANGUAGE = 'en';

const cookie = (name: string): string | undefined => {
  for (const part of document.cookie.split('; ')) if (part.startsWith(`${name}=`)) return decodeURIComponent(part.slice(name.length + 1));
  return undefined;
};

export type Row = Record<string, unknown>;
export interface ListAnswer {
  rows: Row[];
  total?: number;
}

/** The column the sort cases click (plain text, in view in all three pages; the key breaks ties). */
export const SORT_FIELD = 'supplier_product_code';
/** The column the filter cases type into (a multi-language text: `contains`). */
export const FILTER_FIELD = 'product_name';

/**
 * What the bench hands the floor page (an init script, tests/bench/nav.ts): the app's own
 * sort and filter payloads, captured from its requests, so the floor sends the same body.
 */
export interface NavBenchBodies {
  sort?: Record<string, unknown>;
  filter?: Record<string, unknown>;
}

/** One `list` of product_list (AG Grid's request shape: startRow, endRow, sortModel, filterModel). */
export function list(payload: Record<string, unknown>): Promise<ListAnswer> {
  return listAs({ language: LANGUAGE, count: 'estimate', ...payload });
}

/** One `list` of product_list with exactly this payload. */
export async function listAs(payload: Record<string, unknown>): Promise<ListAnswer> {
  const token = cookie(BENCH_TOKEN_COOKIE);
  const company = cookie('company');
  const res = await fetch('/rpc/api_action', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(company ? { 'X-Company': company } : {}) },
    body: JSON.stringify({ entity: FORM, action: 'list', payload }),
  });
  if (!res.ok) throw new Error(`list: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: ListAnswer }).data;
}

/** A multi-language value's English text (else any), a plain value as text. */
export const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return String(o.en ?? Object.values(o)[0] ?? '');
  }
  return String(v);
};

/** The columns both pages show: product_list's visible ones, as the list answers them. */
export const COLUMNS = [
  'product_code',
  'product_name',
  'supplier_product_code',
  'brand_id',
  'mf_id',
  'main_product_category_id',
  'vat_id',
  'purchase_price_base',
  'selling_price_shop',
  'min_margin',
  'exp_margin',
  'max_discount_limit_percent',
  'stock_qty',
  'order_qty',
  'keep_in_stock',
  'active',
  'country_of_origin',
  'weight',
];
