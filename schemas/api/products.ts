/** The product list's own actions: the keep-in-stock click and the bulk purchase price update. */
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
};
