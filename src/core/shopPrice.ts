/**
 * The storefront's one price rule (spec §9), shared by the product pages, the listings and
 * the cart that will reuse it: a net price kept in the company currency → what a shopper
 * pays in the shop currency. Pure.
 */
import { canConvert, convert, roundMoney, type Rates } from './money.ts';

export interface ShopPriceInput {
  /** The net price in the company currency (shop_products.shop_price, else products.selling_price_shop). */
  net: number | null | undefined;
  /** VAT in percent (the product's rate of its company). */
  vatRate: number;
  /** The shopper group's multiplier (the shop's default group for a visitor). */
  multiplier: number;
  /** The product's discount in percent on the day (core/discountLimit.ts `discountOnDay`), else 0/null. */
  discountPercent: number | null | undefined;
  /** The company currency the net price is kept in. */
  from: string;
  /** The currency shown (the shop's; a visitor's display currency for an approximation). */
  to: string;
  rates: Rates;
  /** Decimals of `to` (currency_precision). */
  digits: number;
}

export interface ShopPrice {
  /** Gross, after discount, in `currency`, rounded once to its digits. */
  price: number;
  /** Gross before the discount (struck through), null without a discount. */
  original: number | null;
  /** The discount in percent (0 without one). */
  discount: number;
  currency: string;
}

/**
 * net × (1 + VAT) × multiplier, converted with the company rates, then rounded ONCE to the
 * shown currency's digits; the discounted price is computed from the same unrounded gross,
 * so original and price are each rounded once (spec §9: never round before converting). A
 * missing rate shows the company currency.
 */
export function shopPrice(i: ShopPriceInput): ShopPrice {
  const currency = canConvert(i.from, i.to, i.rates) ? i.to : i.from;
  const digits = currency === i.to ? i.digits : 2;
  const net = i.net && Number.isFinite(i.net) && i.net > 0 ? i.net : 0;
  const gross = convert(net * (1 + i.vatRate / 100) * (i.multiplier > 0 ? i.multiplier : 1), i.from, currency, i.rates);
  const discount = i.discountPercent && i.discountPercent > 0 && i.discountPercent < 100 ? i.discountPercent : 0;
  const price = roundMoney(gross * (1 - discount / 100), digits);
  return { price, original: discount ? roundMoney(gross, digits) : null, discount, currency };
}
