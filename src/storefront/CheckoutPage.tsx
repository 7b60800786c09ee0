import { CHECKOUT_FIELDS, type CheckoutField, type FieldError } from '../core/checkout.ts';
import type { OrderTotals } from '../core/orderCharges.ts';
import type { CartNotice, CartView, DeliveryOption, PaymentOption } from './data.ts';
import { Notices, Totals } from './CartPage.tsx';
import type { PageCtx } from './context.ts';

export interface CheckoutProps {
  ctx: PageCtx;
  cart: CartView;
  notices: CartNotice[];
  values: Partial<Record<string, string>>;
  errors: Partial<Record<CheckoutField, FieldError>>;
  country: string;
  delivery: DeliveryOption[];
  payment: PaymentOption[];
  dm: number | null;
  pm: number | null;
  /** The order it will be: goods, the chosen delivery and fee, the VAT of all (the charges' by src/core/orderCharges.ts). */
  totals: OrderTotals;
  flash: string | null;
}

/**
 * Checkout on one page (works without script): the customer's details, the delivery method
 * with its price for the country and the cart's weight, the payment method with its fee, the
 * summary (its VAT that of the goods and of the delivery and fee, which take the goods' rate). "Recalculate" posts the same form back without placing the order (a changed
 * country or method shows its prices); the total the shopper saw travels along, only to
 * notice a change — prices are the server's.
 */
export function CheckoutPage(p: CheckoutProps) {
  const { ctx } = p;
  const { t } = ctx;
  const cur = ctx.shop.currency;
  const err = (f: CheckoutField) => {
    const e = p.errors[f];
    return e ? (
      <span className="error" id={`${f}-error`} data-error={f}>
        {t(e.id, e.values)}
      </span>
    ) : null;
  };
  const dmPrice = p.delivery.find((d) => d.id === p.dm)?.price ?? 0;
  const pmFee = p.payment.find((x) => x.id === p.pm)?.fee ?? 0;
  return (
    <>
      <h1>{t('storefront.checkout')}</h1>
      <Notices ctx={ctx} notices={p.notices} flash={p.flash} />
      <form method="post" action={ctx.href('/checkout')} className="checkout">
        <fieldset>
          <legend>{t('storefront.customer_details')}</legend>
          {(Object.keys(CHECKOUT_FIELDS) as (keyof typeof CHECKOUT_FIELDS)[]).map((f) => {
            const r = CHECKOUT_FIELDS[f];
            return (
              <div className="field" key={f}>
                <label htmlFor={`f-${f}`}>{t(`storefront.field_${f}`)}</label>
                <input
                  id={`f-${f}`}
                  name={f}
                  type={r.type}
                  required={r.required}
                  maxLength={r.max}
                  pattern={'pattern' in r ? r.pattern : undefined}
                  autoComplete={r.autoComplete}
                  defaultValue={p.values[f] ?? ''}
                  aria-invalid={p.errors[f] ? true : undefined}
                  aria-describedby={p.errors[f] ? `${f}-error` : undefined}
                />
                {err(f)}
              </div>
            );
          })}
          <div className="field">
            <label htmlFor="f-country">{t('storefront.field_country')}</label>
            <select id="f-country" name="country" defaultValue={p.country} required>
              {ctx.country.choices.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            {err('country')}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('storefront.delivery')}</legend>
          {p.delivery.length === 0 ? <p className="error">{t('storefront.no_delivery')}</p> : null}
          {p.delivery.map((d) => (
            <label className="choice" key={d.id}>
              <input type="radio" name="dm" value={d.id} defaultChecked={d.id === p.dm} required />
              {d.name} — <span data-dm-price={d.price}>{d.free ? t('storefront.free') : ctx.money(d.price, cur)}</span>
              {d.days !== null ? <span className="approx"> · {t('storefront.delivery_days', { days: d.days })}</span> : null}
            </label>
          ))}
          {err('dm')}
        </fieldset>
        <fieldset>
          <legend>{t('storefront.payment')}</legend>
          {p.payment.map((x) => (
            <label className="choice" key={x.id}>
              <input type="radio" name="pm" value={x.id} defaultChecked={x.id === p.pm} required />
              {x.name}
              {x.fee > 0 ? <> — {ctx.money(x.fee, cur)}</> : null}
              {x.prepayment ? <span className="approx"> · {t('storefront.prepayment')}</span> : null}
            </label>
          ))}
          {err('pm')}
        </fieldset>
        <section aria-labelledby="summary">
          <h2 id="summary">{t('storefront.summary')}</h2>
          <ul className="lines">
            {p.cart.lines.map((l) => (
              <li key={l.code}>
                {l.qty} × {l.name} — {ctx.money(l.gross, cur)}
              </li>
            ))}
          </ul>
          <Totals
            ctx={ctx}
            rows={[
              [t('storefront.goods'), p.cart.gross],
              [t('storefront.delivery'), dmPrice],
              [t('storefront.payment_fee'), pmFee],
              [t('storefront.vat_included'), p.totals.vat],
            ]}
            total={p.totals.total}
          />
          <input type="hidden" name="shown_total" value={String(p.totals.total)} />
        </section>
        <p className="actions">
          <button type="submit" name="action" value="recalculate" className="secondary" formNoValidate>
            {t('storefront.recalculate')}
          </button>
          <button type="submit" name="action" value="place">
            {t('storefront.place_order')}
          </button>
        </p>
      </form>
      <p>
        <a href={ctx.href('/cart')}>{t('storefront.back_to_cart')}</a>
      </p>
    </>
  );
}

export function OrderPlacedPage({ ctx, reference, email, total, prepayment }: { ctx: PageCtx; reference: string; email: string; total: number; prepayment: boolean }) {
  return (
    <>
      <h1>{ctx.t('storefront.order_placed')}</h1>
      <p data-reference={reference}>{ctx.t('storefront.order_placed_text', { reference, email })}</p>
      <p>
        {ctx.t('storefront.total')}: {ctx.money(total, ctx.shop.currency)}
      </p>
      {prepayment ? <p>{ctx.t('storefront.prepayment_note', { reference })}</p> : null}
      <p>
        <a href={ctx.href('/')}>{ctx.t('storefront.back_home')}</a>
      </p>
    </>
  );
}
