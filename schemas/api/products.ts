/** The product list's own actions: the keep-in-stock click, the bulk purchase price update and Reprice. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { FilterItem } from '../agGrid.ts';
import { lang, productCode } from './fields.ts';

/** `keep_in_stock` set: the keep-in-stock cell's click (0 no, 1 yes, 2 on order), without a row version. */
export const KeepInStockPayload = v.strictObject({
  product_code: productCode,
  keep_in_stock: v.picklist([0, 1, 2], 'keep_in_stock must be 0, 1 or 2'),
});
/** The product_list row's new value and version; `log_id`: its product_list change (product_list's undo reverts it). */
export const KeepInStockOutput = v.object({
  data: v.object({ product_code: v.string(), keep_in_stock: v.number(), row_version: v.number(), log_id: v.optional(v.number()) }),
});

/** The bound of a purchase price (the purchase prices screen's). */
export const MAX_PURCHASE_PRICE = 100_000_000;
const MAX_PRICE_KEYS = 100_000;
/**
 * `purchase_price_update` filter (the preview, nothing changed) and set (one transaction):
 * a percentage or an amount applied to purchase prices of the picked rows (`keys`) or of
 * the rows of `filterModel` minus `except`.
 */
export const PurchasePriceUpdatePayload = v.strictObject({
  /** The prices to change: base (company currency) and/or original (the supplier's). */
  fields: v.pipe(
    v.array(v.picklist(['purchase_price_base', 'purchase_price_original'], 'fields are purchase_price_base and purchase_price_original')),
    v.minLength(1, 'choose at least one price'),
    v.check((f) => new Set(f).size === f.length, 'a price is named twice'),
  ),
  /** percent: price × (1 + value / 100); amount: price + value (base price only). */
  mode: v.picklist(['percent', 'amount'], 'mode must be percent or amount'),
  value: v.pipe(
    v.number(),
    v.finite(),
    v.check((n) => n !== 0, 'a change of 0 changes nothing'),
  ),
  /** The new prices are rounded to this many decimals. */
  decimals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)), 2),
  /** The picked rows (product codes); without them, the rows of filterModel minus `except`. */
  keys: v.optional(v.pipe(v.array(productCode), v.minLength(1, 'keys must not be empty'), v.maxLength(MAX_PRICE_KEYS))),
  filterModel: v.optional(v.record(v.string(), FilterItem)),
  except: v.optional(v.pipe(v.array(productCode), v.maxLength(MAX_PRICE_KEYS))),
  language: v.optional(lang),
});
/** The preview: rows chosen, rows whose prices change, new prices out of bounds. */
export const PurchasePricePreviewOutput = v.object({ data: v.object({ rows: v.number(), changes: v.number(), invalid: v.number() }) });
export const PurchasePriceUpdateOutput = v.object({ data: v.object({ rows: v.number(), updated: v.number() }) });

/** The most products one Reprice changes: its undo takes as many change-log ids (MAX_BULK_ROWS). */
export const MAX_REPRICE_ROWS = 5_000;
/** The most changed rows a Reprice preview lists (its counts cover all). */
export const REPRICE_PREVIEW_ROWS = 200;
/**
 * `reprice` filter (the preview, nothing written) and set (one transaction): new selling prices
 * by the price rule (src/core/prices.ts sellingPrice) for the picked products (`keys`) or those
 * of the margins screen's `filterModel` minus `except`. A price under its product's minimum
 * margin needs the request's `confirm: ['below_min_margin']` (else 409 `confirm_required`).
 */
export const RepricePayload = v.strictObject({
  /** The margin on the purchase price, in percent, for every product; absent: each product's expected margin (exp_margin). */
  margin: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-99, 'a margin is above -100 %'), v.maxValue(1000, 'a margin is at most 1000 %'))),
  /** Round what the shopper group sees (gross) to a nice price (spec §9). */
  nice: v.optional(v.boolean(), true),
  /** The shopper group whose price is rounded (its multiplier); absent: the company's default group. */
  shopper_group_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  keys: v.optional(v.pipe(v.array(productCode), v.minLength(1, 'keys must not be empty'), v.maxLength(MAX_REPRICE_ROWS))),
  filterModel: v.optional(v.record(v.string(), FilterItem)),
  except: v.optional(v.pipe(v.array(productCode), v.maxLength(MAX_PRICE_KEYS))),
  language: v.optional(lang),
});
/** One product's change: net selling prices in the company currency (`currency`), before and after; `margin` the new one's. */
const RepriceRow = v.object({
  product_code: v.string(),
  product_name: v.string(),
  old_price: v.nullable(v.number()),
  new_price: v.number(),
  margin: v.number(),
  min_margin: v.nullable(v.number()),
  below_min: v.boolean(),
});
/**
 * The preview: `rows` the products chosen, `changes` those whose price changes, `below` those
 * whose new price is under their minimum margin, `skipped` those without a purchase price or
 * margin; `shown` the first changes (REPRICE_PREVIEW_ROWS), in product code order.
 */
export const RepricePreviewOutput = v.object({
  data: v.object({ rows: v.number(), changes: v.number(), below: v.number(), skipped: v.number(), currency: v.string(), shown: v.array(RepriceRow) }),
});
/** The change-log ids of the new prices (frontend_product_margins' undo puts the old ones back). */
export const RepriceOutput = v.object({ data: v.object({ rows: v.number(), updated: v.number(), log_ids: v.array(v.number()) }) });

export const productActions = {
  keep_in_stock: defineAction({
    entity: 'keep_in_stock',
    action: 'set',
    page: '/products/product_list',
    flag: 'set',
    input: KeepInStockPayload,
    output: KeepInStockOutput,
    summary: "The keep-in-stock cell's click: the product_list row written without a row version, change-logged (its `log_id` undone by product_list's undo).",
  }),
  purchase_price_update_filter: defineAction({
    entity: 'purchase_price_update',
    action: 'filter',
    page: '/prices/frontend_purchase_prices',
    flag: 'set',
    input: PurchasePriceUpdatePayload,
    output: PurchasePricePreviewOutput,
    summary: 'The preview of a purchase price update: rows chosen, prices that change, new prices out of bounds; nothing is written.',
  }),
  purchase_price_update_set: defineAction({
    entity: 'purchase_price_update',
    action: 'set',
    page: '/prices/frontend_purchase_prices',
    flag: 'set',
    input: PurchasePriceUpdatePayload,
    output: PurchasePriceUpdateOutput,
    summary: 'A percentage or an amount applied to the purchase prices of the picked rows, or of the filter minus `except`, in one transaction (a price out of bounds: 400, nothing written).',
  }),
  reprice_filter: defineAction({
    entity: 'reprice',
    action: 'filter',
    page: '/prices/frontend_product_margins',
    flag: 'set',
    input: RepricePayload,
    output: RepricePreviewOutput,
    summary: 'The preview of Reprice: each chosen product’s selling price now and by the price rule (purchase price, margin, VAT, shopper group, nice rounding); nothing is written.',
  }),
  reprice_set: defineAction({
    entity: 'reprice',
    action: 'set',
    page: '/prices/frontend_product_margins',
    flag: 'set',
    input: RepricePayload,
    output: RepriceOutput,
    summary:
      'New selling prices by the price rule for the picked products, or the filter minus `except`, in one transaction, each change-logged (undone by frontend_product_margins’ undo). More than 5,000 products: 400 too_many_rows; prices under the minimum margin without `confirm`: 409 confirm_required.',
  }),
};
