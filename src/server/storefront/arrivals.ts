/**
 * "Notify me when in stock" (issue 26). A shopper leaves an address on the page of a product
 * that cannot be ordered now → a waiting row of app.arrival_notifications (in the page's
 * language). A poller (startArrivals, every ARRIVAL_TICK_MS) finds waiting rows whose
 * product is published and in stock in their shop again, queues each customer's mail in its
 * language and marks the row notification_sent in the same transaction (rows claimed with
 * FOR UPDATE SKIP LOCKED: once per row, whatever the number of processes).
 */
import * as v from 'valibot';
import type { Db, Queryable } from '../db/types.ts';
import { intlOf } from '../mail/render.ts';
import { startPoller, type Poller } from '../poller.ts';
import { sweepCarts } from './cart.ts';
import { errorField, log as logger } from '../obs/log.ts';

/** Waiting requests one address may have in a shop: more are not recorded (the answer stays the same). */
const MAX_WAITING_PER_ADDRESS = 20;
/** Rows one pass sends at most. */
const BATCH = 100;

export const NotifyMe = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email()),
  product: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._-]{1,40}$/)),
});

/** Records the request when the product is the shop's, published and cannot be ordered now; otherwise nothing. */
export async function requestArrival(db: Queryable, shop: { id: number; company: string }, lang: string, input: v.InferOutput<typeof NotifyMe>): Promise<void> {
  await db.query(
    `insert into app.arrival_notifications (company_code, email, product_code, shop_id, language_code)
     select $1, $2, pp.product_code, pp.shop_id, $5
     from app.v_published_products pp join app.products p on p.product_code = pp.product_code
     where pp.shop_id = $3 and lower(pp.product_code) = lower($4) and pp.free_qty <= 0 and not p.can_order
       and (select count(*) from app.arrival_notifications w where w.email = $2 and w.shop_id = $3 and not w.notification_sent) < $6
     on conflict (email, product_code, shop_id) where not notification_sent do nothing`,
    [shop.company, input.email, shop.id, input.product, lang, MAX_WAITING_PER_ADDRESS],
  );
}

interface Due {
  notification_id: number;
  email: string;
  language_code: string;
  company_code: string;
  product_code: string;
  name: string;
  shop_name: string;
  host: string;
  prefix: string;
}

/** One pass: the waiting customers of products back in stock get their mail; returns how many. */
export async function sendArrivals(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = (
      await tx.query<Due>(
        `select a.notification_id, a.email, a.language_code, a.company_code, a.product_code,
                coalesce(nullif(p.product_name ->> a.language_code, ''), p.product_name ->> 'en', a.product_code) as name,
                s.shop_name, lower(coalesce(l.domain, s.hostname)) as host, coalesce(l.url_prefix, '') as prefix
         from app.arrival_notifications a
         join app.v_published_products pp on pp.shop_id = a.shop_id and pp.product_code = a.product_code
         join app.products p on p.product_code = a.product_code
         join app.shops s on s.shop_id = a.shop_id
         left join lateral (
           select l.domain, l.url_prefix from app.shop_languages l
           where l.shop_id = a.shop_id and l.enabled order by l.language_code = a.language_code desc, l.is_default desc limit 1) l on true
         where not a.notification_sent and pp.free_qty > 0
         order by a.notification_id
         limit $1
         for update of a skip locked`,
        [BATCH],
      )
    ).rows;
    if (!due.length) return 0;
    const mails = due.map((d) => {
      const t = (id: string) => intlOf(d.language_code).formatMessage({ id }, { product: d.name, shop: d.shop_name });
      const link = `https://${d.host}${d.prefix}/product/${encodeURIComponent(d.product_code.toLowerCase())}`;
      return {
        company_code: d.company_code,
        email: d.email,
        language_code: d.language_code,
        subject: t('storefront.arrival_mail_subject'),
        body_text: [t('storefront.newsletter_mail_hello'), '', t('storefront.arrival_mail_body'), link].join('\n'),
        source_id: d.notification_id,
      };
    });
    await tx.query(
      `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id)
       select r.company_code, array[r.email], r.language_code, r.subject, r.body_text, 'arrival_notification', r.source_id
       from jsonb_to_recordset($1::jsonb) as r(company_code text, email text, language_code text, subject text, body_text text, source_id bigint)`,
      [JSON.stringify(mails)],
    );
    await tx.query(`update app.arrival_notifications set notification_sent = true where notification_id = any($1::int[])`, [due.map((d) => d.notification_id)]);
    return due.length;
  });
}

/** The storefront's background pass: arrival mails, then the sweep of carts nobody can reach (cart.ts sweepCarts). */
export function startArrivals(db: Db, opts: { intervalMs: number }): Poller {
  return startPoller(async () => [await sendArrivals(db), await sweepCarts(db)], {
    intervalMs: opts.intervalMs,
    onError: (e) => logger.error({ err: errorField(e) }, 'arrival notifications: pass failed'),
  });
}
