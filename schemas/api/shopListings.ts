/** Shop listings from the product list (issue 46): the picked products (or the filter's) listed in a shop in one action. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { FilterItem } from '../agGrid.ts';
import { lang, productCode } from './fields.ts';

const MAX_LISTING_KEYS = 100_000;
/** The most categories one listing action names. */
export const MAX_LISTING_CATEGORIES = 50;
const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * `shop_list` filter (the preview, nothing written) and set (one transaction): the chosen
 * products listed in a shop of the company. `keep`: products already listed there stay as
 * they are; `replace`: their listing takes `published` and the categories given (price and
 * position stay). New listings go last in the shop, in product code order.
 */
export const ShopListPayload = v.strictObject({
  shop_id: id,
  /** Categories the listings show under in the shop besides each product's main category. */
  category_ids: v.optional(
    v.pipe(
      v.array(id),
      v.maxLength(MAX_LISTING_CATEGORIES),
      v.check((c) => new Set(c).size === c.length, 'a category is named twice'),
    ),
    [],
  ),
  published: v.optional(v.boolean(), true),
  mode: v.picklist(['keep', 'replace'], 'mode must be keep or replace'),
  /** The picked rows (product codes); without them, the product list's rows of filterModel minus `except`. */
  keys: v.optional(v.pipe(v.array(productCode), v.minLength(1, 'keys must not be empty'), v.maxLength(MAX_LISTING_KEYS))),
  filterModel: v.optional(v.record(v.string(), FilterItem)),
  except: v.optional(v.pipe(v.array(productCode), v.maxLength(MAX_LISTING_KEYS))),
  language: v.optional(lang),
});
/**
 * `rows` the products chosen, `added` those the shop gets, `replaced` those listed already whose
 * listing is replaced, `kept` those listed already and left as they are; `outside`: categories
 * given that lie outside the shop's active categories (listed, but no category page shows them).
 */
export const ShopListCounts = v.object({ rows: v.number(), added: v.number(), replaced: v.number(), kept: v.number(), outside: v.number() });
export const ShopListPreviewOutput = v.object({ data: ShopListCounts });
/** The counts, and the change-log ids of the replaced listings (frontend_shop_products' undo reverts their published flag). */
export const ShopListOutput = v.object({ data: v.object({ ...ShopListCounts.entries, log_ids: v.array(v.number()) }) });

const summary = (what: string) => `${what} Needs list on the product list and add on the shop products (replace: set too); a shop of another company is 400 foreign_reference.`;

export const shopListingActions = {
  shop_list_filter: defineAction({
    entity: 'shop_list',
    action: 'filter',
    page: '/shops/frontend_shop_products',
    flag: 'add',
    input: ShopListPayload,
    output: ShopListPreviewOutput,
    summary: summary('The preview of listing products in a shop: how many are chosen, added, replaced and kept; nothing is written.'),
  }),
  shop_list_set: defineAction({
    entity: 'shop_list',
    action: 'set',
    page: '/shops/frontend_shop_products',
    flag: 'add',
    input: ShopListPayload,
    output: ShopListOutput,
    summary: summary('The picked products (or the filter minus `except`) listed in a shop in one transaction, with categories and the published flag.'),
  }),
};
