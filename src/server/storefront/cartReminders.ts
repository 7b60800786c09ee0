/**
 * Abandoned-cart reminders (issue 48 point 5). A shop's `cart_reminder_hours` (null or 0: off)
 * is how long after a cart's last change its customer is mailed once: a pass (startCartReminders,
 * every CART_REMINDER_TICK_MS) claims the due carts with FOR UPDATE SKIP LOCKED and, in the
 * same transaction, queues each one mail in the cart's language and marks the cart reminded —
 * so any number of processes send each reminder once. The mail's two links are random
 * single-purpose tokens (only their SHA-256 is kept on the cart): one restores the cart in
 * the browser that opens it (`restoreCart`), one stops the shop's reminders to the address
 * (`optOut`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { mailMoney, mailText } from '../mail/render.ts';
import { startPoller, type Poller } from '../poller.ts';
import { newCartToken, tokenHash as cartTokenHash, type CartRow } from './cart.ts';
import { errorField, log as logger } from '../obs/log.ts';

/** Carts one pass reminds at most. */
const BATCH = 100;
/** A cart left longer than its shop's delay plus this is not reminded any more (reminders switched on later do not mail old carts). */
const STALE_DAYS = 7;
/** The lines a mail lists; more are said as a count. */
const MAIL_LINES = 20;

const newToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token as it comes from a link: base64url of 32 bytes, anything else is no token. */
export const isReminderToken = (t: string | undefined): t is string => !!t && /^[A-Za-z0-9_-]{43}$/.test(t);

interface Due {
  cart_id: number;
  company_code: string;
  email: string;
  language_code: string;
  shop_name: string;
  host: string;
  prefix: string;
  currency_code: string;
  digits: number;
}

interface Line {
  cart_id: number;
  name: string;
  quantity: string;
  gross_amount: string;
}

/** One pass: every due cart's reminder queued in the outbox, the cart marked; returns how many. */
export async function sendCartReminders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = (
      await tx.query<Due>(
        `select c.cart_id, c.company_code, c.email, c.language_code, s.shop_name, lower(coalesce(l.domain, s.hostname)) as host,
                coalesce(l.url_prefix, '') as prefix, s.currency_code, cu.currency_precision as digits
         from app.carts c
         join app.shops s on s.shop_id = c.shop_id
         join app.currencies cu on cu.currency_code = s.currency_code
         left join lateral (
           select l.domain, l.url_prefix from app.shop_languages l
           where l.shop_id = c.shop_id and l.enabled order by l.language_code = c.language_code desc, l.is_default desc limit 1) l on true
         where c.order_id is null and not c.reminder_sent and c.email <> ''
           and s.active and s.cart_reminder_hours > 0
           and c.updated_at <= now() - make_interval(hours => s.cart_reminder_hours)
           and c.updated_at > now() - make_interval(hours => s.cart_reminder_hours, days => $2)
           and exists (select 1 from app.cart_items i where i.cart_id = c.cart_id)
           and not exists (select 1 from app.cart_reminder_optouts o where o.shop_id = c.shop_id and o.email = c.email)
         order by c.cart_id
         limit $1
         for update of c skip locked`,
        [BATCH, STALE_DAYS],
      )
    ).rows;
    if (!due.length) return 0;
    const lines = (
      await tx.query<Line>(
        `select x.cart_id, coalesce(nullif(p.product_name ->> c.language_code, ''), p.product_name ->> 'en', x.product_code) as name, x.quantity, x.gross_amount
         from app.v_cart_items x join app.carts c on c.cart_id = x.cart_id join app.products p on p.product_code = x.product_code
         where x.cart_id = any($1::int[]) order by x.cart_id, x.item_id`,
        [due.map((d) => d.cart_id)],
      )
    ).rows;
    const mails = [];
    const marks = [];
    for (const d of due) {
      const restore = newToken();
      const unsubscribe = newToken();
      const lang = d.language_code;
      const t = (id: string, values: Record<string, string | number> = {}) => mailText(lang, id, { shop: d.shop_name, ...values });
      const money = (x: string | number) => mailMoney(lang, x, d.currency_code, d.digits);
      const mine = lines.filter((l) => l.cart_id === d.cart_id);
      const total = mine.reduce((s, l) => s + Number(l.gross_amount), 0);
      // Links on the host (and prefix) of the cart's language, as the customer saw the shop.
      const link = (path: string) => `https://${d.host}${d.prefix}${path}`;
      const body = [
        t('mail.cart_reminder_greeting'),
        '',
        t('mail.cart_reminder_intro'),
        '',
        ...mine.slice(0, MAIL_LINES).map((l) => `${Number(l.quantity)} × ${l.name}: ${money(l.gross_amount)}`),
        ...(mine.length > MAIL_LINES ? [t('mail.cart_reminder_more', { count: mine.length - MAIL_LINES })] : []),
        t('mail.cart_reminder_total', { total: money(total) }),
        '',
        t('mail.cart_reminder_restore'),
        link(`/cart/restore?t=${restore}`),
        '',
        t('mail.cart_reminder_unsubscribe'),
        link(`/cart/reminders/unsubscribe?t=${unsubscribe}`),
      ].join('\n');
      mails.push({ company_code: d.company_code, email: d.email, language_code: lang, subject: t('mail.cart_reminder_subject'), body_text: body, source_id: d.cart_id });
      marks.push({ cart_id: d.cart_id, restore: tokenHash(restore), unsubscribe: tokenHash(unsubscribe) });
    }
    await tx.query(
      `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id)
       select r.company_code, array[r.email], r.language_code, r.subject, r.body_text, 'cart', r.source_id
       from jsonb_to_recordset($1::jsonb) as r(company_code text, email text, language_code text, subject text, body_text text, source_id bigint)`,
      [JSON.stringify(mails)],
    );
    // What the job did is the grid's "reminder sent" and its time (no row_version: staff editing the cart meanwhile is no conflict).
    await tx.query(
      `update app.carts c set reminder_sent = true, reminded_at = now(), restore_token_hash = r.restore, unsubscribe_token_hash = r.unsubscribe
       from jsonb_to_recordset($1::jsonb) as r(cart_id int, restore text, unsubscribe text) where c.cart_id = r.cart_id`,
      [JSON.stringify(marks)],
    );
    return due.length;
  });
}

/** The reminders' background pass in this process. */
export function startCartReminders(db: Db, opts: { intervalMs: number }): Poller {
  return startPoller(() => sendCartReminders(db), { intervalMs: opts.intervalMs, onError: (e) => logger.error({ err: errorField(e) }, 'cart reminders: pass failed') });
}

/**
 * The cart a restore token was sent for, taken over by the browser that opens the link: the
 * cart gets a new cookie token (the browser that had it keeps none: one cart, one holder).
 * Null when the token is unknown, of another shop, or its cart was ordered.
 */
export async function takeRemindedCart(db: Queryable, shopId: number, token: string): Promise<{ cookie: string; cart: CartRow } | null> {
  const cookie = newCartToken();
  const r = await db.query<CartRow>(
    `update app.carts set token_hash = $3 where restore_token_hash = $1 and shop_id = $2 and order_id is null
     returning cart_id, email, checkout, order_id, language_code`,
    [tokenHash(token), shopId, cartTokenHash(cookie)],
  );
  return r.rows[0] ? { cookie, cart: r.rows[0] } : null;
}

/** Whether an unsubscribe token of this shop exists (the GET page shows its button only then). */
export async function optOutKnown(db: Queryable, shopId: number, token: string): Promise<boolean> {
  const r = await db.query(`select 1 from app.carts where unsubscribe_token_hash = $1 and shop_id = $2`, [tokenHash(token), shopId]);
  return r.rows.length > 0;
}

/** No more reminders from this shop to the address the token was sent to (again: no harm). */
export async function optOut(db: Queryable, shopId: number, token: string): Promise<boolean> {
  const r = await db.query<{ email: string }>(
    `insert into app.cart_reminder_optouts (shop_id, email)
     select shop_id, email from app.carts where unsubscribe_token_hash = $1 and shop_id = $2 and email <> ''
     on conflict (shop_id, email) do nothing
     returning email`,
    [tokenHash(token), shopId],
  );
  return r.rows.length > 0 || optOutKnown(db, shopId, token);
}
