/** Reference data: currencies and rates, the category tree, shops. */
import * as v from 'valibot';
import { FLAG_CODE } from '../../src/core/images.ts';
import { MultiText } from './common.ts';
import { currencyCode, lang } from './fields.ts';
import type { HttpRoute } from './http.ts';

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

/** GET /shops; GET /flags/{code}.svg (src/server/http/flags.ts). */
export const referenceRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/shops',
    operationId: 'shops',
    tag: 'rest',
    summary: 'The shops of the verified company.',
    auth: 'user',
    answers: { 200: { description: 'The shops.', content: [{ kind: 'json', schema: ShopsOutput }] } },
  },
  {
    method: 'get',
    path: '/flags/{file}',
    operationId: 'flag',
    tag: 'rest',
    summary:
      'A country’s or region’s flag as a 4:3 SVG, served from the flag-icons package (`init`’s `flags` names this URL template when no outside flag service is set). Public; cached for a month, revalidated by ETag.',
    auth: 'none',
    params: [
      {
        name: 'file',
        in: 'path',
        description: '`{code}.svg`: a lower-case ISO 3166 country code, or a region such as `gb-eng`.',
        schema: v.pipe(v.string(), v.regex(new RegExp(`${FLAG_CODE.source.slice(0, -1)}\\.svg$`))),
        example: 'sk.svg',
      },
    ],
    answers: {
      200: { description: 'The flag.', content: [{ kind: 'bytes', types: ['image/svg+xml'] }], headers: { ETag: 'The file’s version.', 'Cache-Control': 'Public, a month.' } },
      304: { description: 'If-None-Match named the current ETag.' },
    },
    errors: { 404: '`not_found`: a code the package has no flag for.' },
  },
];
