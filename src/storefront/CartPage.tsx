import { MAX_LINE_QTY } from '../core/checkout.ts';
import type { CartNotice, CartView } from './data.ts';
import type { PageCtx } from './context.ts';

/** The notices of a recalculation (price changed, quantity cut, product gone), said in the shop's language. */
export function Notices({ ctx, notices, flash }: { ctx: PageCtx; notices: CartNotice[]; flash: string | null }) {
  const cur = ctx.shop.currency;
  if (!notices.length && !flash) return null;
  return (
    <div className="notice" role="status">
      {flash ? <p data-flash={flash}>{ctx.t(`storefront.cart_${flash}`)}</p> : null}
      {notices.map((n, i) => (
        <p key={i} data-notice={n.kind}>
          {n.kind === 'price'
            ? ctx.t('storefront.cart_price_changed', { name: n.name, old: ctx.money(n.old!, cur), now: ctx.money(n.now!, cur) })
            : n.kind === 'qty'
              ? ctx.t('storefront.cart_qty_cut', { name: n.name, qty: n.now! })
              : ctx.t('storefront.cart_gone', { name: n.name })}
        </p>
      ))}
    </div>
  );
}

/** The cart: lines with quantity forms (POST, work without script), totals, on to checkout. */
export function CartPage({ ctx, cart, flash }: { ctx: PageCtx; cart: CartView; flash: string | null }) {
  const { t } = ctx;
  const cur = ctx.shop.currency;
  return (
    <>
      <h1>{t('storefront.cart')}</h1>
      <Notices ctx={ctx} notices={cart.notices} flash={flash} />
      {cart.lines.length === 0 ? (
        <p>{t('storefront.cart_empty')}</p>
      ) : (
        <>
          <table className="cart">
            <caption className="visually-hidden">{t('storefront.cart')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('storefront.product')}</th>
                <th scope="col">{t('storefront.unit_price')}</th>
                <th scope="col">{t('storefront.quantity')}</th>
                <th scope="col">{t('storefront.line_total')}</th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((l) => (
                <tr key={l.code} data-line={l.code}>
                  <td>
                    <a href={ctx.href(`/product/${l.code.toLowerCase()}`)}>{l.name}</a>
                  </td>
                  <td data-unit={l.unitGross}>{ctx.money(l.unitGross, cur)}</td>
                  <td>
                    <form method="post" action={ctx.href('/cart/update')} className="qty">
                      <input type="hidden" name="code" value={l.code} />
                      <label className="visually-hidden" htmlFor={`qty-${l.code}`}>
                        {t('storefront.quantity_of', { name: l.name })}
                      </label>
                      <input id={`qty-${l.code}`} name="qty" type="number" min={0} max={l.canOrder ? MAX_LINE_QTY : Math.min(MAX_LINE_QTY, l.freeQty)} defaultValue={l.qty} required />
                      <button type="submit">{t('storefront.update')}</button>
                    </form>
                    <form method="post" action={ctx.href('/cart/remove')} className="qty">
                      <input type="hidden" name="code" value={l.code} />
                      <button type="submit" className="link" aria-label={t('storefront.remove_of', { name: l.name })}>
                        {t('storefront.remove')}
                      </button>
                    </form>
                  </td>
                  <td data-gross={l.gross}>{ctx.money(l.gross, cur)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Totals ctx={ctx} rows={[[t('storefront.vat_included'), cart.vat]]} total={cart.gross} />
          <p>
            <a className="button" href={ctx.href('/checkout')}>
              {t('storefront.checkout')}
            </a>
          </p>
        </>
      )}
    </>
  );
}

export function Totals({ ctx, rows, total }: { ctx: PageCtx; rows: [string, number][]; total: number }) {
  const cur = ctx.shop.currency;
  return (
    <dl className="totals">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-amount={amount}>{ctx.money(amount, cur)}</dd>
        </div>
      ))}
      <div className="total">
        <dt>{ctx.t('storefront.total')}</dt>
        <dd data-total={total}>{ctx.money(total, cur)}</dd>
      </div>
    </dl>
  );
}
