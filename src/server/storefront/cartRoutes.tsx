import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { checkCheckout, postedQty, type CheckoutField, type FieldError } from '../../core/checkout.ts';
import { CartPage } from '../../storefront/CartPage.tsx';
import { CheckoutPage, OrderPlacedPage } from '../../storefront/CheckoutPage.tsx';
import type { PageCtx } from '../../storefront/context.ts';
import type { Db } from '../db/types.ts';
import { CartRemindersPage, type RemindersState } from '../../storefront/CartRemindersPage.tsx';
import { fieldsOf, formOf } from './form.ts';
import * as cart from './cart.ts';
import { isReminderToken, optOut, optOutKnown, takeRemindedCart } from './cartReminders.ts';
import { pages, type Page } from './pages.tsx';
import type { Shop } from './queries.ts';
import type { Helpers } from './helpers.ts';
import type { Place } from './site.ts';

/** A cart lives 30 days in the visitor's browser. */
const CART_MAX_AGE = 2_592_000;
/** A storefront form is a few hundred bytes: anything much larger is refused unread. */
/** The notes a redirect may carry back (Post/Redirect/Get): only these keys are said. */
const FLASHES = new Set(['added', 'limited', 'out_of_stock', 'unknown', 'full', 'updated', 'removed', 'bad_qty', 'busy', 'restored', 'restore_invalid']);

/** The paths that take a POST (within a language), as the host middleware tells them from the back office's. */
export const CART_POST_PATH = /\/(cart\/(add|update|remove|reminders\/unsubscribe)|checkout)$/;

const cartCookieName = (shopId: number) => `cart_${shopId}`;

export interface CartArgs {
  c: Context;
  db: Db;
  shop: Shop;
  place: Place;
  ctx: PageCtx;
  helpers: Helpers;
  /** The visitor's address (country.ts visitorAddress): new carts are counted per address. */
  visitor: string;
}

const flashOf = (c: Context): string | null => {
  const m = c.req.query('m') ?? '';
  return FLASHES.has(m) ? m : null;
};

export async function visitorCart(c: Context, db: Db, shop: Shop): Promise<cart.CartRow | null> {
  return cart.cartByToken(db, shop.id, getCookie(c, cartCookieName(shop.id)));
}

/** The visitor's open cart, a new one (and its cookie) when there is none or it was checked out; null when the address started too many. */
async function openCart(c: Context, db: Db, shop: Shop, lang: string, visitor: string): Promise<cart.CartRow | null> {
  const had = await visitorCart(c, db, shop);
  if (had && had.order_id === null) return had;
  const made = await cart.createCart(db, shop, lang, visitor);
  if (!made) return null;
  setCartCookie(c, shop, made.token);
  return made.cart;
}

const setCartCookie = (c: Context, shop: Shop, token: string) =>
  setCookie(c, cartCookieName(shop.id), token, { path: '/', maxAge: CART_MAX_AGE, sameSite: 'Lax', httpOnly: true, secure: new URL(c.req.url).protocol === 'https:' });

/**
 * GET /cart/restore?t=… (a cart reminder's link, cartReminders.ts): this browser's cart becomes
 * the reminded one, with what its own open cart held added (by the price and stock rules; that
 * cart then goes), and the visitor lands on the cart page. A link of an ordered cart or no link: the cart page says so.
 */
async function restoreCart(a: CartArgs): Promise<Response> {
  const { c, db, shop, ctx } = a;
  const back = (m: string) => c.redirect(`${ctx.href('/cart')}?m=${m}`, 303);
  const t = c.req.query('t');
  if (!isReminderToken(t)) return back('restore_invalid');
  const had = await visitorCart(c, db, shop);
  const taken = await takeRemindedCart(db, shop.id, t);
  if (!taken) return back('restore_invalid');
  setCartCookie(c, shop, taken.cookie);
  if (had && had.order_id === null && had.cart_id !== taken.cart.cart_id) {
    const items = await db.query<{ product_code: string; quantity: string }>(`select product_code, quantity from app.cart_items where cart_id = $1 order by item_id`, [had.cart_id]);
    for (const it of items.rows) await cart.addItem(db, shop, taken.cart, it.product_code, Number(it.quantity), ctx.today);
    // Its lines live on in the restored cart and no browser holds it any more: not a second abandoned cart.
    await db.query(`delete from app.carts where cart_id = $1 and order_id is null`, [had.cart_id]);
  }
  return back('restored');
}

/** GET /cart/reminders/unsubscribe?t=… a page with a button (a mail scanner's GET changes nothing); its POST stops the reminders. */
async function remindersPage(a: CartArgs): Promise<Page> {
  const { c, db, shop, place, ctx, helpers } = a;
  const t = c.req.method === 'POST' ? ((await fieldsPosted(c, ['t']))?.t ?? undefined) : c.req.query('t');
  const page = (state: RemindersState, status: 200 | 400 = 200): Page => ({
    head: helpers.head(ctx, place, { title: ctx.t('storefront.cart_reminders'), description: '', noindex: true }),
    body: <CartRemindersPage ctx={ctx} state={state} token={t} />,
    status,
  });
  if (!isReminderToken(t)) return page('bad_link', 400);
  if (c.req.method === 'POST') return (await optOut(db, shop.id, t)) ? page('unsubscribed') : page('bad_link', 400);
  return (await optOutKnown(db, shop.id, t)) ? page('unsubscribe') : page('bad_link', 400);
}

/** Only the known fields of a posted form are read (a forged price field is never looked at). */
async function fieldsPosted(c: Context, keys: readonly string[]): Promise<Record<string, string> | null> {
  const form = await formOf(c);
  return form && fieldsOf(form, keys);
}

/** POST /cart/add, /cart/update, /cart/remove, /checkout (the origin checked by routes.ts, origin.ts). */
export async function postCart(a: CartArgs): Promise<Response | Page> {
  const { c, db, shop, place, ctx } = a;
  const path = place.path;
  if (path === '/checkout') return postCheckout(a);
  if (path === '/cart/reminders/unsubscribe') return remindersPage(a);
  const form = await fieldsPosted(c, ['code', 'qty']);
  if (!form) return pages.formRefused(a.ctx, a.place, a.helpers, 'too_large');
  const code = (form.code ?? '').trim().slice(0, 64);
  const back = (m: string) => c.redirect(`${ctx.href('/cart')}?m=${m}`, 303);
  if (path === '/cart/add') {
    const qty = form.qty === undefined ? 1 : postedQty(form.qty);
    if (qty === null || !code) return back('bad_qty');
    const row = await openCart(c, db, shop, place.lang.code, a.visitor);
    return back(row ? await cart.addItem(db, shop, row, code, qty, ctx.today) : 'busy');
  }
  const row = await visitorCart(c, db, shop);
  if (!row || row.order_id !== null) return back('updated');
  if (path === '/cart/remove') {
    await cart.setQty(db, shop, row, code, 0);
    return back('removed');
  }
  const qty = form.qty !== undefined && /^\s*0\s*$/.test(form.qty) ? 0 : postedQty(form.qty);
  if (qty === null) return back('bad_qty');
  const r = await cart.setQty(db, shop, row, code, qty);
  return back(r === 'changed' ? 'updated' : r);
}

/** The cart's GET paths besides the cart page itself: a reminder's restore link and its unsubscribe page. */
export const CART_REMINDER_PAGES = { '/cart/restore': restoreCart, '/cart/reminders/unsubscribe': remindersPage } as const;

export function cartPage(a: CartArgs): Promise<Page> {
  return renderCart(a, [], 200);
}

/** The cart page, with notices of a step that changed it (a checkout whose every line was sold meanwhile). */
async function renderCart(a: CartArgs, earlier: cart.CartNotice[], status: 200 | 409): Promise<Page> {
  const { c, db, shop, place, ctx, helpers } = a;
  const row = await visitorCart(c, db, shop);
  const view: cart.CartView = row && row.order_id === null ? await cart.viewCart(db, shop, row, ctx.today) : { lines: [], notices: [], net: 0, vat: 0, gross: 0, weight: 0, count: 0 };
  return {
    head: helpers.head({ ...ctx, cartCount: view.count }, place, { title: ctx.t('storefront.cart'), description: '', noindex: true }),
    body: <CartPage ctx={{ ...ctx, cartCount: view.count }} cart={{ ...view, notices: [...earlier, ...view.notices] }} flash={flashOf(c)} />,
    status,
    cartCount: view.count,
  };
}

interface CheckoutState {
  values: Record<string, string>;
  errors: Partial<Record<CheckoutField, FieldError>>;
  notices: cart.CartNotice[];
  flash: string | null;
  status: 200 | 409 | 422;
}

/** The checkout page for a cart, with what was typed, its errors and notices. */
async function renderCheckout(a: CartArgs, row: cart.CartRow, s: CheckoutState): Promise<Page | Response> {
  const { c, db, shop, place, ctx, helpers } = a;
  const view = await cart.viewCart(db, shop, row, ctx.today);
  if (!view.lines.length) return c.redirect(ctx.href('/cart'), 303);
  const lang = place.lang.code;
  const choices = ctx.country.choices;
  const country = choices.some((x) => x.code === s.values.country) ? s.values.country! : ctx.country.code;
  const [delivery, payment] = await Promise.all([cart.deliveryOptions(db, shop, lang, country, view.weight, view.gross), cart.paymentOptions(db, shop, lang)]);
  const dm = delivery.find((d) => String(d.id) === s.values.dm)?.id ?? delivery[0]?.id ?? null;
  const pm = payment.find((x) => String(x.id) === s.values.pm)?.id ?? payment[0]?.id ?? null;
  const totals = cart.cartTotals(shop, view, delivery.find((d) => d.id === dm)?.price ?? 0, payment.find((x) => x.id === pm)?.fee ?? 0);
  const pctx = { ...ctx, cartCount: view.count };
  return {
    head: helpers.head(pctx, place, { title: ctx.t('storefront.checkout'), description: '', noindex: true }),
    body: (
      <CheckoutPage
        ctx={pctx}
        cart={view}
        notices={[...s.notices, ...view.notices]}
        values={s.values}
        errors={s.errors}
        country={country}
        delivery={delivery}
        payment={payment}
        dm={dm}
        pm={pm}
        totals={totals}
        flash={s.flash}
      />
    ),
    status: s.status,
    cartCount: view.count,
  };
}

export async function checkoutPage(a: CartArgs): Promise<Page | Response> {
  const row = await visitorCart(a.c, a.db, a.shop);
  if (!row || row.order_id !== null) return a.c.redirect(a.ctx.href('/cart'), 303);
  const values = Object.fromEntries(Object.entries(row.checkout).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return renderCheckout(a, row, { values, errors: {}, notices: [], flash: null, status: 200 });
}

const FIELDS = ['name', 'email', 'phone', 'address', 'zip', 'city', 'country', 'dm', 'pm'] as const;

async function postCheckout(a: CartArgs): Promise<Response | Page> {
  const { c, db, shop, ctx } = a;
  const form = await fieldsPosted(c, [...FIELDS, 'shown_total', 'action']);
  if (!form) return pages.formRefused(a.ctx, a.place, a.helpers, 'too_large');
  const row = await visitorCart(c, db, shop);
  if (!row) return c.redirect(ctx.href('/cart'), 303);
  if (row.order_id !== null) return c.redirect(ctx.href('/checkout/done'), 303);
  const values: Record<string, string> = {};
  for (const k of FIELDS) values[k] = (form[k] ?? '').trim();
  const checked = checkCheckout(values);
  const emailOk = !checked.ok && checked.errors.email ? null : values.email!.toLowerCase();
  await cart.saveDetails(db, row.cart_id, values, emailOk);
  if (form.action !== 'place') return renderCheckout(a, row, { values, errors: {}, notices: [], flash: null, status: 200 });
  if (!checked.ok) return renderCheckout(a, row, { values, errors: checked.errors, notices: [], flash: null, status: 422 });
  if (!ctx.country.choices.some((x) => x.code === checked.value.country)) {
    return renderCheckout(a, row, { values, errors: { country: { id: 'validation.required' } }, notices: [], flash: null, status: 422 });
  }
  const shown = /^\d+(\.\d+)?$/.test(form.shown_total ?? '') ? Number(form.shown_total) : null;
  const r = await cart.placeOrder(db, shop, row.cart_id, checked.value, shown, ctx.today);
  if (r.placed === true || r.placed === 'before') return c.redirect(ctx.href('/checkout/done'), 303);
  if (r.reason === 'empty') return r.notices?.length ? renderCart(a, r.notices, 409) : c.redirect(ctx.href('/cart'), 303);
  if (r.reason === 'method') return renderCheckout(a, row, { values, errors: { dm: { id: 'validation.required' } }, notices: [], flash: null, status: 422 });
  return renderCheckout(a, row, { values, errors: {}, notices: r.notices ?? [], flash: 'changed', status: 409 });
}

/** The confirmation of the visitor's last checked-out cart. */
export async function donePage(a: CartArgs): Promise<Page | Response> {
  const { c, db, shop, place, ctx, helpers } = a;
  const row = await visitorCart(c, db, shop);
  const order = row?.order_id ? await cart.orderSummary(db, row.order_id) : null;
  if (!order) return c.redirect(ctx.href('/cart'), 303);
  const pctx = { ...ctx, cartCount: 0 };
  return {
    head: helpers.head(pctx, place, { title: ctx.t('storefront.order_placed'), description: '', noindex: true }),
    body: <OrderPlacedPage ctx={pctx} {...order} />,
  };
}
