import { discountOnDay } from '../../core/discountLimit.ts';
import { canConvert } from '../../core/money.ts';
import type { Queryable } from '../db/types.ts';
import type { BlockRow, CategoryRow, PageLink, Shop, StoreRow } from '../../storefront/data.ts';

export type { BlockRow, CategoryRow, PageLink, Shop, ShopLanguage, StoreRow } from '../../storefront/data.ts';

/** Storefront reads. Every product read goes through app.v_published_products (published, active product, active shop). */

/** Every host some shop answers on (its hostname and its languages' domains), lower case. */
export async function shopHosts(db: Queryable): Promise<Set<string>> {
  const r = await db.query<{ h: string }>(`select lower(hostname) as h from app.shops union select lower(domain) from app.shop_languages where domain is not null`);
  return new Set(r.rows.map((x) => x.h));
}

/** The shop a host belongs to (its hostname or a language's domain), active or not. */
export async function shopOfHost(db: Queryable, host: string): Promise<Shop | null> {
  const r = await db.query<Shop>(
    `select s.shop_id as id, s.hostname, s.shop_name as name, s.company_code as company, co.currency_code as "companyCurrency", co.country_code as "companyCountry",
            s.currency_code as currency, cu.currency_precision as digits, s.active,
            (select coalesce(json_agg(json_build_object('code', l.language_code, 'prefix', l.url_prefix, 'domain', l.domain, 'isDefault', l.is_default)
                                      order by l.is_default desc, l.position, l.language_code), '[]')
               from app.shop_languages l where l.shop_id = s.shop_id and l.enabled) as languages,
            coalesce((select g.multiplier from app.shopper_groups g where g.company_code = s.company_code and g.is_default and g.shopper_group_enabled), 1) as multiplier,
            coalesce((select v.vat_rate from app.vats v where v.company_code = s.company_code and v.vat_default), 0) as "defaultVat",
            (select coalesce(json_object_agg(r.currency_code, r.rate), '{}') from app.company_currency_rates r where r.company_code = s.company_code) as rates,
            (select coalesce(json_object_agg(c.currency_code, c.currency_precision), '{}') from app.currencies c) as "digitsOf",
            coalesce((select value from app.settings where key = 'cdn'), '') as cdn
     from app.shops s
     join app.companies co on co.company_code = s.company_code
     join app.currencies cu on cu.currency_code = s.currency_code
     where lower(s.hostname) = $1 or s.shop_id = (select l.shop_id from app.shop_languages l where lower(l.domain) = $1 limit 1)
     limit 1`,
    [host],
  );
  const s = r.rows[0];
  if (!s) return null;
  const rates = Object.fromEntries(Object.entries(s.rates).map(([k, v]) => [k, Number(v)]));
  // A shop whose currency the company has no rate for (a new company's, issue 46) sells in the
  // company currency: its prices, cart, charges and orders then agree, never company amounts
  // booked as another currency's.
  const sellable = canConvert(s.companyCurrency, s.currency, rates);
  return {
    ...s,
    ...(sellable ? {} : { currency: s.companyCurrency, digits: s.digitsOf[s.companyCurrency] ?? 2 }),
    multiplier: Number(s.multiplier),
    defaultVat: Number(s.defaultVat),
    rates,
  };
}

/** The inputs of the price rule (src/core/shopPrice.ts) and of the discount rule (src/core/discountLimit.ts) as a row carries them. */
export interface PriceRow {
  net: number | null;
  vat_rate: number;
  discount_percent: number | null;
  discount_end_date: string | null;
  new_discount: number | null;
  max_discount: number | null;
  max_discount_limit_percent: number | null;
}

/** The product columns of PriceRow (beside `net` and `vat_rate`), from `p` (app.products). */
export const discountCols = `p.discount_percent, p.discount_end_date, p.new_discount, p.max_discount, p.max_discount_limit_percent`;
const priceCols = `pp.price as net, coalesce(v.vat_rate, 0) as vat_rate, ${discountCols}`;

const num = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));
/** A row's discount on `day` by the one rule (current through its end date, then the staged one, capped at the limit). */
export const rowDiscount = (r: PriceRow, day: string): number =>
  discountOnDay(
    {
      discount_percent: num(r.discount_percent),
      discount_end_date: r.discount_end_date,
      new_discount: num(r.new_discount),
      max_discount: num(r.max_discount),
      max_discount_limit_percent: num(r.max_discount_limit_percent),
    },
    day,
  );

export interface CardRow extends PriceRow {
  product_code: string;
  name: string;
  brand_id: number | null;
  brand_name: string | null;
  image_id: number | null;
  alt: string | null;
  free_qty: number;
  can_order: boolean;
  position: number;
  published_at: string | null;
}

const cardCols = `pp.product_code, coalesce(nullif(p.product_name ->> $2, ''), p.product_name ->> 'en', pp.product_code) as name,
  p.brand_id, b.brand_name, img.image_id, img.alt, pp.free_qty, p.can_order, sp.position, pp.published_at, ${priceCols}`;
const cardJoins = `join app.products p on p.product_code = pp.product_code
  join app.shop_products sp on sp.shop_id = pp.shop_id and sp.product_code = pp.product_code
  left join app.brands b on b.brand_id = p.brand_id
  left join app.vats v on v.vat_id = p.vat_id
  left join lateral (select i.image_id, i.alt_text ->> $2 as alt from app.product_images i where i.product_code = pp.product_code order by i.is_cover desc, i.position, i.image_id limit 1) img on true`;

/** The shop's active top categories in a language (names and slugs from category_translations), for the navigation. */
export async function shopCategories(db: Queryable, shopId: number, lang: string): Promise<CategoryRow[]> {
  const r = await db.query<CategoryRow>(
    `select sc.product_category_id as id, coalesce(nullif(sc.shop_category_names ->> $2, ''), t.category_name) as name, t.slug, null::int as image_id
     from app.shop_categories sc
     join app.product_categories pc on pc.product_category_id = sc.product_category_id and pc.active
     join app.category_translations t on t.product_category_id = sc.product_category_id and t.language_code = $2
     where sc.shop_id = $1 and sc.active
     order by sc.position, sc.product_category_id`,
    [shopId, lang],
  );
  return r.rows;
}

/** The home page's category cards: each top category with the cover picture of its first published product (one pass over the tree). */
export async function categoryCards(db: Queryable, shopId: number, lang: string): Promise<CategoryRow[]> {
  const [cats, pics] = await Promise.all([
    shopCategories(db, shopId, lang),
    db.query<{ top: number; image_id: number }>(
      `with recursive tree(top, id) as (
         select sc.product_category_id, sc.product_category_id from app.shop_categories sc where sc.shop_id = $1 and sc.active
         union all
         select tree.top, c.product_category_id from app.product_categories c join tree on c.parent_category_id = tree.id where c.active
       )
       select distinct on (c.top) c.top, i.image_id
       from (select tree.top, p.product_code from tree join app.products p on p.main_product_category_id = tree.id
             union
             select tree.top, x.product_code from tree join app.shop_product_categories x on x.shop_id = $1 and x.product_category_id = tree.id) c
       join app.products p on p.product_code = c.product_code and p.active
       join app.shop_products sp on sp.shop_id = $1 and sp.product_code = p.product_code and sp.published
       join app.product_images i on i.product_code = p.product_code and i.is_cover
       order by c.top, sp.position, p.product_code`,
      [shopId],
    ),
  ]);
  const image = new Map(pics.rows.map((x) => [x.top, x.image_id]));
  return cats.map((c) => ({ ...c, image_id: image.get(c.id) ?? null }));
}

/** A shop category by its slug in a language. */
export async function categoryBySlug(db: Queryable, shopId: number, lang: string, slug: string): Promise<CategoryRow | null> {
  const r = await db.query<CategoryRow>(
    `select sc.product_category_id as id, coalesce(nullif(sc.shop_category_names ->> $2, ''), t.category_name) as name, t.slug, null::int as image_id
     from app.category_translations t
     join app.shop_categories sc on sc.product_category_id = t.product_category_id and sc.shop_id = $1 and sc.active
     join app.product_categories pc on pc.product_category_id = sc.product_category_id and pc.active
     where t.language_code = $2 and t.slug = $3`,
    [shopId, lang, slug],
  );
  return r.rows[0] ?? null;
}

/**
 * A shop category's slug in `lang` found by its slug in any language: links written once
 * (banners, blocks: '/c/lighting') lead to the category in every language.
 */
export async function categorySlugIn(db: Queryable, shopId: number, lang: string, anySlug: string): Promise<string | null> {
  const r = await db.query<{ slug: string }>(
    `select t.slug from app.category_translations a
     join app.shop_categories sc on sc.product_category_id = a.product_category_id and sc.shop_id = $1 and sc.active
     join app.category_translations t on t.product_category_id = a.product_category_id and t.language_code = $2
     where a.slug = $3 limit 1`,
    [shopId, lang, anySlug],
  );
  return r.rows[0]?.slug ?? null;
}

/** What a listing filters and sorts by: a category's products before the shown page's cards are read. */
export interface ListingRow extends PriceRow {
  product_code: string;
  name: string;
  brand_id: number | null;
  brand_name: string | null;
  position: number;
  published_at: string | null;
}

/**
 * Every published product of a category and its subcategories (by its main category, or a
 * category its listing names: shop_product_categories), with only what the page
 * filters and sorts by (price rule inputs, name, brand, position, date): a large category's
 * stock and pictures are read for the shown page's cards only (`cardsOf`).
 */
export async function categoryProducts(db: Queryable, shopId: number, lang: string, categoryId: number): Promise<ListingRow[]> {
  const r = await db.query<ListingRow>(
    `select pp.product_code, coalesce(nullif(p.product_name ->> $2, ''), p.product_name ->> 'en', pp.product_code) as name,
            p.brand_id, b.brand_name, sp.position, pp.published_at, ${priceCols}
     from app.v_published_products pp
     join app.products p on p.product_code = pp.product_code
     join app.shop_products sp on sp.shop_id = pp.shop_id and sp.product_code = pp.product_code
     left join app.brands b on b.brand_id = p.brand_id
     left join app.vats v on v.vat_id = p.vat_id
     where pp.shop_id = $1
       and pp.product_code in (select m.product_code from app.products m where m.main_product_category_id in (select id from app.category_subtree($3) id)
                               union
                               select x.product_code from app.shop_product_categories x where x.shop_id = $1 and x.product_category_id in (select id from app.category_subtree($3) id))`,
    [shopId, lang, categoryId],
  );
  return r.rows;
}

/** The cards of these published products, in the order given (a listing's shown page). */
export async function cardsOf(db: Queryable, shopId: number, lang: string, codes: string[]): Promise<CardRow[]> {
  if (!codes.length) return [];
  const r = await db.query<CardRow>(`select ${cardCols} from app.v_published_products pp ${cardJoins} where pp.shop_id = $1 and pp.product_code = any ($3::text[])`, [shopId, lang, codes]);
  const by = new Map(r.rows.map((x) => [x.product_code, x]));
  return codes.flatMap((c) => by.get(c) ?? []);
}

export interface ProductRow extends CardRow {
  description: string;
  description_short: string;
  meta_description: string;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  images: { image_id: number; alt: string | null }[];
}

/** A published product of the shop by its code in any case, null otherwise (unpublished, inactive, another shop's). */
export async function productByCode(db: Queryable, shopId: number, lang: string, code: string): Promise<ProductRow | null> {
  const r = await db.query<ProductRow>(
    `select ${cardCols},
            coalesce(nullif(p.description ->> $2, ''), p.description ->> 'en', '') as description,
            coalesce(nullif(p.description_short ->> $2, ''), p.description_short ->> 'en', '') as description_short,
            app.meta_description(coalesce(nullif(p.description_short ->> $2, ''), nullif(p.description ->> $2, ''), p.description_short ->> 'en', '')) as meta_description,
            top.id as category_id, top.name as category_name, top.slug as category_slug,
            (select coalesce(json_agg(json_build_object('image_id', i.image_id, 'alt', i.alt_text ->> $2) order by i.is_cover desc, i.position, i.image_id), '[]')
               from app.product_images i where i.product_code = pp.product_code) as images
     from app.v_published_products pp ${cardJoins}
     left join lateral (
       select sc.product_category_id as id, coalesce(nullif(sc.shop_category_names ->> $2, ''), t.category_name) as name, t.slug
       from app.shop_categories sc join app.category_translations t on t.product_category_id = sc.product_category_id and t.language_code = $2
       where sc.shop_id = $1 and sc.active
         and (p.main_product_category_id in (select id from app.category_subtree(sc.product_category_id) id)
              or exists (select 1 from app.shop_product_categories x
                         where x.shop_id = $1 and x.product_code = pp.product_code and x.product_category_id in (select id from app.category_subtree(sc.product_category_id) id)))
       order by (p.main_product_category_id in (select id from app.category_subtree(sc.product_category_id) id)) desc, sc.position, sc.product_category_id
       limit 1) top on true
     where pp.shop_id = $1 and lower(pp.product_code) = lower($3)`,
    [shopId, lang, code],
  );
  return r.rows[0] ?? null;
}

/** A product's published accessories or alternatives in this shop. */
export async function relatedProducts(db: Queryable, shopId: number, lang: string, code: string, kind: 'accessories' | 'alternatives'): Promise<CardRow[]> {
  const [table, col] = kind === 'accessories' ? ['app.product_accessories', 'accessory_code'] : ['app.product_alternatives', 'alternative_code'];
  const r = await db.query<CardRow>(
    `select ${cardCols}
     from ${table} x join app.v_published_products pp on pp.product_code = x.${col} and pp.shop_id = $1 ${cardJoins}
     where x.product_code = $3 order by x.position, pp.product_code limit 8`,
    [shopId, lang, code],
  );
  return r.rows;
}

/** PostgreSQL text-search configurations of the languages that have one; the others are searched word by word ('simple'). */
const TS_CONFIG: Readonly<Record<string, string>> = { en: 'english', de: 'german', hu: 'hungarian', ro: 'romanian' };
const tsConfigOf = (lang: string): string => TS_CONFIG[lang] ?? 'simple';

/** Below this trigram word similarity a name is no match for a mistyped query. */
const SEARCH_SIMILARITY = 0.45;

/**
 * Search in the shop's language: full-text (stemmed where the language has a configuration)
 * over name and short description, or — for typos — a trigram word similarity of the query
 * to the name; best matches first.
 */
export async function searchProducts(db: Queryable, shopId: number, lang: string, q: string, limit = 48): Promise<CardRow[]> {
  const r = await db.query<CardRow>(
    `with q as (select websearch_to_tsquery($3::regconfig, $4) as tsq, lower($4) as text)
     select ${cardCols}
     from app.v_published_products pp ${cardJoins}, q,
     lateral (select coalesce(nullif(p.product_name ->> $2, ''), p.product_name ->> 'en', '') as n) nm,
     lateral (select public.word_similarity(q.text, lower(nm.n)) as sim,
                     ts_rank(to_tsvector($3::regconfig, nm.n || ' ' || coalesce(p.description_short ->> $2, '')), q.tsq) as rank,
                     to_tsvector($3::regconfig, nm.n || ' ' || coalesce(p.description_short ->> $2, '')) @@ q.tsq as hit) m
     where pp.shop_id = $1 and (m.hit or m.sim >= $5 or lower(pp.product_code) = q.text)
     order by m.hit desc, m.rank + m.sim desc, pp.product_code
     limit $6`,
    [shopId, lang, tsConfigOf(lang), q, SEARCH_SIMILARITY, limit],
  );
  return r.rows;
}

export interface BannerRow {
  banner_id: number;
  title: string;
  image_url: string;
  link_url: string;
}

/**
 * The shop's active banners shown today (valid_from/valid_to). With a tag ('home' for the
 * home page's carousel): the banners tagged with it and those without tags (shown anywhere).
 */
export async function banners(db: Queryable, shopId: number, lang: string, today: string, tag?: string): Promise<BannerRow[]> {
  const r = await db.query<BannerRow>(
    `select banner_id, coalesce(nullif(banner_title ->> $2, ''), banner_title ->> 'en', '') as title, image_url, link_url
     from app.banners
     where shop_id = $1 and active and (valid_from is null or valid_from <= $3::date) and (valid_to is null or valid_to >= $3::date)
       and ($4::text is null or btrim(coalesce(tags, '')) = '' or $4 = any (string_to_array(replace(tags, ' ', ''), ',')))
     order by position, banner_id limit 8`,
    [shopId, lang, today, tag ?? null],
  );
  return r.rows;
}

export interface FrontendPageRow {
  kind: 'quill' | 'blocks';
  page_id: number;
  title: string;
  body: string;
  meta_description: string;
  updated_at: string;
}

/** An active page of the shop by code: a Quill page (frontend_pages, `/page/…`) or a column-block page (content_pages, `/info/…`): codes may repeat between the two. */
export async function pageByCode(db: Queryable, shopId: number, lang: string, code: string, kind: 'quill' | 'blocks'): Promise<FrontendPageRow | null> {
  const r = await db.query<FrontendPageRow>(
    `select 'quill' as kind, page_id, coalesce(nullif(page_title ->> $2, ''), page_title ->> 'en', page_code) as title,
            coalesce(nullif(page_body ->> $2, ''), page_body ->> 'en', '') as body,
            coalesce(nullif(meta_description ->> $2, ''), meta_description ->> 'en', '') as meta_description, updated_at
     from app.frontend_pages where shop_id = $1 and page_code = $3 and active and $4 = 'quill'
     union all
     select 'blocks', content_page_id, coalesce(nullif(page_title ->> $2, ''), page_title ->> 'en', page_code), '',
            coalesce(nullif(meta_description ->> $2, ''), meta_description ->> 'en', ''), updated_at
     from app.content_pages where shop_id = $1 and page_code = $3 and active and $4 = 'blocks'
     limit 1`,
    [shopId, lang, code, kind],
  );
  return r.rows[0] ?? null;
}

/** A column-block page's active blocks in order. */
export async function pageBlocks(db: Queryable, contentPageId: number, lang: string): Promise<BlockRow[]> {
  const r = await db.query<BlockRow>(
    `select col_def_id, col_width, block_type, coalesce(nullif(block_title ->> $2, ''), block_title ->> 'en', '') as title,
            coalesce(nullif(block_body ->> $2, ''), block_body ->> 'en', '') as body, media_url, link_url, css_class
     from app.content_page_columns where content_page_id = $1 and active order by position, col_def_id`,
    [contentPageId, lang],
  );
  return r.rows;
}

/** The 'home' column-block page of the shop (its hero text on the home page), if active. */
export async function homeBlocks(db: Queryable, shopId: number, lang: string): Promise<BlockRow[]> {
  const r = await db.query<{ id: number }>(`select content_page_id as id from app.content_pages where shop_id = $1 and page_code = 'home' and active`, [shopId]);
  return r.rows[0] ? pageBlocks(db, r.rows[0].id, lang) : [];
}

/** The shop's active pages for the footer (Quill pages and block pages other than home). */
export async function pageLinks(db: Queryable, shopId: number, lang: string): Promise<PageLink[]> {
  const r = await db.query<PageLink>(
    `select page_code as code, coalesce(nullif(page_title ->> $2, ''), page_title ->> 'en', page_code) as title, case k when 0 then 'quill' else 'blocks' end as kind from (
       select page_code, page_title, 0 as k, page_id as pos from app.frontend_pages where shop_id = $1 and active
       union all
       select page_code, page_title, 1, position from app.content_pages where shop_id = $1 and active and page_code <> 'home') x
     order by k, pos, page_code`,
    [shopId, lang],
  );
  return r.rows;
}

/** The company's active store locations. */
export async function storeLocations(db: Queryable, company: string, lang: string): Promise<StoreRow[]> {
  const r = await db.query<StoreRow>(
    `select s.store_location_id, s.store_name, s.address_line_1, s.zip_code, s.city, coalesce(c.country_names ->> $2, c.country_names ->> 'en') as country,
            s.phone, s.opening_hours, s.latitude, s.longitude
     from app.store_locations s left join app.countries c on c.country_code = s.country_code
     where s.company_code = $1 and s.active order by s.country_code, s.store_name`,
    [company, lang],
  );
  return r.rows;
}

/** Country names in a language, for the delivery-country choice: the company's delivery destinations and its own country. */
export async function deliveryCountries(db: Queryable, company: string, lang: string): Promise<{ code: string; name: string }[]> {
  const r = await db.query<{ code: string; name: string }>(
    `select c.country_code as code, coalesce(c.country_names ->> $2, c.country_names ->> 'en', c.country_code) as name
     from app.countries c
     where c.country_code in (select r.country_code from app.delivery_method_rates r join app.delivery_methods m on m.dm_id = r.dm_id where m.company_code = $1 and m.active)
        or c.country_code = (select country_code from app.companies where company_code = $1)
     order by 2`,
    [company, lang],
  );
  return r.rows;
}

export interface SitemapRow {
  kind: 'product' | 'page' | 'info';
  key: string;
  lastmod: string | null;
}

/** Everything a sitemap lists but categories: published products and active pages. */
export async function sitemapRows(db: Queryable, shopId: number): Promise<SitemapRow[]> {
  const r = await db.query<SitemapRow>(
    `select 'product' as kind, lower(product_code) as key, published_at::text as lastmod from app.v_published_products where shop_id = $1
     union all
     select 'page', page_code, updated_at::text from app.frontend_pages where shop_id = $1 and active
     union all
     select 'info', page_code, updated_at::text from app.content_pages where shop_id = $1 and active and page_code <> 'home'
     order by 1, 2`,
    [shopId],
  );
  return r.rows;
}

/** The shop's active categories' slugs per language. */
export async function sitemapCategories(db: Queryable, shopId: number): Promise<{ id: number; lang: string; slug: string }[]> {
  const r = await db.query<{ id: number; lang: string; slug: string }>(
    `select t.product_category_id as id, t.language_code as lang, t.slug from app.shop_categories sc
     join app.category_translations t on t.product_category_id = sc.product_category_id
     join app.product_categories pc on pc.product_category_id = sc.product_category_id and pc.active
     where sc.shop_id = $1 and sc.active order by 1, 2`,
    [shopId],
  );
  return r.rows;
}
