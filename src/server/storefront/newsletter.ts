/**
 * Newsletter sign-up with double opt-in (issue 26). A sign-up writes an unconfirmed row
 * (app.newsletter_subscribers) and queues a confirmation mail in the page's language with two
 * links: confirm (single use, CONFIRM_DAYS) and unsubscribe (as long as the row). Only the
 * tokens' SHA-256 is stored (migration 078). The visitor is told the same whatever the
 * address's state (no probing who subscribed), and one address gets at most one mail per
 * THROTTLE_MINUTES per shop.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { Db, Queryable } from '../db/types.ts';
import { intlOf } from '../mail/render.ts';
import type { Shop } from './queries.ts';

const CONFIRM_DAYS = 7;
const THROTTLE_MINUTES = 10;

export const SignUp = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email()),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
});

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
/** A token as it comes from a link: base64url of 32 bytes, anything else is no token. */
export const isToken = (t: string | undefined): t is string => !!t && /^[A-Za-z0-9_-]{43}$/.test(t);

/** `link(path)`: the absolute URL of a storefront path in the sign-up's language. */
export async function signUp(db: Db, shop: Shop, lang: string, input: v.InferOutput<typeof SignUp>, link: (path: string) => string): Promise<void> {
  await db.transaction(async (tx) => {
    const [first = '', ...rest] = input.name.split(/\s+/).filter(Boolean);
    // One row per address and shop; a concurrent sign-up of the same address waits on the row.
    await tx.query(
      `insert into app.newsletter_subscribers (company_code, email, shop_id, first_name, last_name, language_code)
       values ($1, $2, $3, $4, $5, $6) on conflict (email, shop_id) do nothing`,
      [shop.company, input.email, shop.id, first, rest.join(' '), lang],
    );
    const row = (
      await tx.query<{ subscriber_id: number; confirmed: boolean; unsubscribed_on: string | null; due: boolean }>(
        `select subscriber_id, confirmed, unsubscribed_on,
                confirm_sent_at is null or confirm_sent_at < now() - make_interval(mins => $3) as due
         from app.newsletter_subscribers where email = $1 and shop_id = $2 for update`,
        [input.email, shop.id, THROTTLE_MINUTES],
      )
    ).rows[0]!;
    // Subscribed already, or a mail went out a moment ago: nothing more (the visitor is told the same).
    if ((row.confirmed && row.unsubscribed_on === null) || !row.due) return;
    const confirm = newToken();
    const unsubscribe = newToken();
    await tx.query(
      `insert into app.newsletter_tokens (token_hash, subscriber_id, purpose, expires_at)
       values ($1, $3, 'confirm', now() + make_interval(days => $4)), ($2, $3, 'unsubscribe', null)`,
      [tokenHash(confirm), tokenHash(unsubscribe), row.subscriber_id, CONFIRM_DAYS],
    );
    await tx.query(`update app.newsletter_subscribers set confirm_sent_at = now() where subscriber_id = $1`, [row.subscriber_id]);
    const t = (id: string, values?: Record<string, string | number>) => intlOf(lang).formatMessage({ id }, values);
    const confirmUrl = link(`/newsletter/confirm?t=${confirm}`);
    const unsubscribeUrl = link(`/newsletter/unsubscribe?t=${unsubscribe}`);
    const text = [
      t('storefront.newsletter_mail_hello'),
      '',
      t('storefront.newsletter_mail_body', { shop: shop.name, days: CONFIRM_DAYS }),
      confirmUrl,
      '',
      t('storefront.newsletter_mail_ignore'),
      '',
      t('storefront.newsletter_mail_unsubscribe'),
      unsubscribeUrl,
    ].join('\n');
    await tx.query(
      `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id)
       values ($1, array[$2], $3, $4, $5, 'newsletter_subscriber', $6)`,
      [shop.company, input.email, lang, t('storefront.newsletter_mail_subject', { shop: shop.name }), text, row.subscriber_id],
    );
  });
}

export type TokenOutcome = 'done' | 'invalid';

/** Confirms the subscription a confirmation token was sent for: once, before it expires, in this shop. */
export async function confirm(db: Db, shopId: number, token: string): Promise<TokenOutcome> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ subscriber_id: number }>(
      `update app.newsletter_tokens k set used_at = now()
       from app.newsletter_subscribers s
       where k.token_hash = $1 and k.purpose = 'confirm' and k.used_at is null and k.expires_at > now()
         and s.subscriber_id = k.subscriber_id and s.shop_id = $2
       returning k.subscriber_id`,
      [tokenHash(token), shopId],
    );
    const id = r.rows[0]?.subscriber_id;
    if (id === undefined) return 'invalid';
    await tx.query(`update app.newsletter_subscribers set confirmed = true, unsubscribed_on = null where subscriber_id = $1`, [id]);
    return 'done';
  });
}

/** Unsubscribes the address an unsubscribe token was sent to (again: no harm). */
export async function unsubscribe(db: Queryable, shopId: number, token: string): Promise<TokenOutcome> {
  const r = await db.query(
    `update app.newsletter_subscribers s set unsubscribed_on = coalesce(s.unsubscribed_on, greatest(current_date, s.subscribed_on))
     from app.newsletter_tokens k
     where k.token_hash = $1 and k.purpose = 'unsubscribe' and s.subscriber_id = k.subscriber_id and s.shop_id = $2`,
    [tokenHash(token), shopId],
  );
  return r.rowCount ? 'done' : 'invalid';
}

/** Whether a token of that purpose exists for this shop (the GET page shows its button only then). */
export async function tokenKnown(db: Queryable, shopId: number, token: string, purpose: 'confirm' | 'unsubscribe'): Promise<boolean> {
  const r = await db.query(
    `select 1 from app.newsletter_tokens k join app.newsletter_subscribers s using (subscriber_id)
     where k.token_hash = $1 and k.purpose = $2 and s.shop_id = $3 and (k.purpose = 'unsubscribe' or (k.used_at is null and k.expires_at > now()))`,
    [tokenHash(token), purpose, shopId],
  );
  return r.rows.length > 0;
}
