/**
 * What the storefront's pages are given besides the request (routes.ts builds it): the
 * helpers of a page, and the price rule fed by a row. A leaf the routes and the pages share.
 */
import type { ImagePresetName } from '../../core/images.ts';
import { shopPrice, type ShopPrice } from '../../core/shopPrice.ts';
import type { Head, PageCtx } from '../../storefront/context.ts';
import type { CardData } from '../../storefront/ProductCard.tsx';
import { rowDiscount } from './queries.ts';
import type * as q from './queries.ts';
import type { Place } from './site.ts';

export type Helpers = {
  card(ctx: PageCtx, r: q.CardRow, preset?: ImagePresetName): CardData;
  image(ctx: PageCtx, id: number | null, preset: ImagePresetName): { src: string; srcSet: string; width: number; height: number };
  head(ctx: PageCtx, place: Place, h: Omit<Head, 'canonical' | 'ogImage'> & { ogImage?: string }): Head;
  sanitize(html: string): string;
};

/** The price rule (src/core/shopPrice.ts) fed by a row, shown in `to`. */
export function priceOf(ctx: Pick<PageCtx, 'shop' | 'today'>, r: q.PriceRow, to: string): ShopPrice {
  const s = ctx.shop;
  return shopPrice({
    net: r.net === null ? null : Number(r.net),
    vatRate: Number(r.vat_rate),
    multiplier: s.multiplier,
    discountPercent: rowDiscount(r, ctx.today),
    from: s.companyCurrency,
    to,
    rates: s.rates,
    digits: s.digitsOf[to] ?? 2,
  });
}
