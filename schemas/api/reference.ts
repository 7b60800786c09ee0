/** Reference data: currencies and rates, the category tree, shops. */
import * as v from 'valibot';
import { MultiText } from './common.ts';
import { currencyCode, lang } from './fields.ts';

export const Currency = v.object({
  currency_code: v.string(),
  currency_name: MultiText,
  currency_precision: v.number(),
});
export const CurrenciesInput = v.strictObject({ currency_code: v.optional(v.nullable(currencyCode)) });
export const CurrenciesOutput = v.object({
  data: v.object({
    currency: v.nullable(Currency),
    currencies: v.array(Currency),
    /** Value of one unit of each currency in the company's own currency. */
    company_rates: v.record(v.string(), v.number()),
  }),
});
export const ViewRatesInput = v.strictObject({ currency_code: currencyCode });
export const ViewRatesOutput = v.object({
  data: v.object({
    currency_code: v.string(),
    /** Value of one unit of each currency in the view currency. */
    rates: v.record(v.string(), v.number()),
  }),
});
export interface CategoryNode {
  product_category_id: number;
  category_name: string;
  position: number;
  children: CategoryNode[];
}
export const CategoryNode: v.GenericSchema<CategoryNode> = v.object({
  product_category_id: v.number(),
  category_name: v.string(),
  position: v.number(),
  children: v.array(v.lazy(() => CategoryNode)),
});
export const CategoryTreeInput = v.strictObject({ language_code: v.optional(lang) });
export const CategoryTreeOutput = v.array(CategoryNode);

export const Shop = v.object({
  shop_id: v.number(),
  hostname: v.string(),
  shop_name: v.string(),
  company_code: v.string(),
  currency_code: v.string(),
  language_code: v.string(),
});
export const ShopsOutput = v.array(Shop);
