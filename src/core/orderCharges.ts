/**
 * The VAT in an order's charges — its delivery price and payment fee (cash on delivery:
 * 1.50 €) — one rule for the storefront (cart.ts, the checkout page, the confirmation
 * e-mail) and the back office (its SQL twin app.charge_vat, migration 099, in
 * app.v_sales_orders; tests/api/order-charges.test.ts checks that they agree).
 *
 * EU VAT (Directive 2006/112/EC, Art. 78(b)): what the seller charges the customer for
 * delivery, packing or a payment method is part of the taxable amount of the supply of the
 * goods — not a VAT-free extra. So a charge takes the VAT rate of the goods. The charges are
 * consumer prices, VAT included (as the shop's prices): the VAT is taken out of them, the
 * amount the shopper pays does not change.
 *
 * Goods at several rates: each charge is apportioned over the rates in proportion to the
 * goods' net amount at each rate (the proportional method the Member States accept for
 * ancillary costs of mixed supplies), the VAT of each part at its rate. The parts are cut at
 * rounded cumulative shares (rates highest first), so they add up to the charge exactly.
 * No goods with a net amount: the company's default VAT rate.
 */
import { roundMoney } from './money.ts';

/** The order's goods at one VAT rate: the lines' net amount (their rate, in %). */
export interface RatedNet {
  rate: number;
  net: number;
}

/** The part of a charge at one VAT rate: gross (what is paid), net and VAT. */
export interface ChargePart {
  rate: number;
  gross: number;
  net: number;
  vat: number;
}

/** A gross charge split over the goods' VAT rates (module comment), in `digits` places. */
export function chargeParts(gross: number, goods: readonly RatedNet[], digits: number, defaultRate: number): ChargePart[] {
  const byRate = new Map<number, number>();
  for (const g of goods) byRate.set(g.rate, (byRate.get(g.rate) ?? 0) + g.net);
  const rates = [...byRate]
    .map(([rate, net]) => ({ rate, net: roundMoney(net, digits) }))
    .filter((g) => g.net > 0)
    .sort((a, b) => b.rate - a.rate);
  const part = (rate: number, g: number): ChargePart => {
    const vat = roundMoney((g * rate) / (100 + rate), digits);
    return { rate, gross: g, net: roundMoney(g - vat, digits), vat };
  };
  if (gross === 0) return [];
  if (rates.length === 0) return [part(defaultRate, gross)];
  const total = rates.reduce((s, g) => s + g.net, 0);
  let cumulative = 0;
  let below = 0;
  return rates.map((g, i) => {
    cumulative += g.net;
    const upTo = i === rates.length - 1 ? gross : roundMoney((gross * cumulative) / total, digits);
    const p = part(g.rate, roundMoney(upTo - below, digits));
    below = upTo;
    return p;
  });
}

/** The VAT in a gross charge. */
export const chargeVat = (gross: number, goods: readonly RatedNet[], digits: number, defaultRate: number): number =>
  roundMoney(
    chargeParts(gross, goods, digits, defaultRate).reduce((s, p) => s + p.vat, 0),
    digits,
  );

/** A line as the order's totals need it: its net and VAT amounts (already rounded) and its rate. */
export interface TotalsLine {
  net: number;
  vat: number;
  vatRate: number;
}

export interface OrderTotals {
  /** The goods: the lines' net, VAT and gross. */
  goodsNet: number;
  goodsVat: number;
  goodsGross: number;
  /** The VAT in the delivery price and in the payment fee. */
  deliveryVat: number;
  feeVat: number;
  /** The whole order: net, VAT (goods and charges) and what the customer pays. */
  net: number;
  vat: number;
  total: number;
}

/** An order's totals: its lines, then its delivery price and payment fee (gross, VAT inside by the rule above). */
export function orderTotals(lines: readonly TotalsLine[], delivery: number, fee: number, digits: number, defaultRate: number): OrderTotals {
  const sum = (xs: number[]) =>
    roundMoney(
      xs.reduce((s, x) => s + x, 0),
      digits,
    );
  const goods = lines.map((l) => ({ rate: l.vatRate, net: l.net }));
  const goodsNet = sum(lines.map((l) => l.net));
  const goodsVat = sum(lines.map((l) => l.vat));
  const deliveryVat = chargeVat(delivery, goods, digits, defaultRate);
  const feeVat = chargeVat(fee, goods, digits, defaultRate);
  const vat = sum([goodsVat, deliveryVat, feeVat]);
  const total = sum([goodsNet, goodsVat, delivery, fee]);
  return { goodsNet, goodsVat, goodsGross: sum([goodsNet, goodsVat]), deliveryVat, feeVat, net: roundMoney(total - vat, digits), vat, total };
}
