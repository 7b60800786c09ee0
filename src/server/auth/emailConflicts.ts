import type { Queryable } from '../db/types.ts';
import { log as logger } from '../obs/log.ts';

/**
 * Accounts whose address became another account's when addresses were brought into their
 * normal form (migration 096, core/email.ts): left as they were, for an administrator. The
 * list of `user <id> (the address of user <id>)` — ids, no address in a log — at most `limit`
 * of them, and how many in all.
 */
export async function emailConflicts(db: Queryable, limit = 20): Promise<{ total: number; listed: string[] }> {
  const r = await db.query<{ user_id: number; holder_id: number; total: number }>(
    `select c.user_id, c.holder_id, count(*) over ()::int as total from app.user_email_conflicts c order by c.user_id limit $1`,
    [limit],
  );
  return { total: r.rows[0]?.total ?? 0, listed: r.rows.map((c) => `user ${c.user_id} (the address of user ${c.holder_id})`) };
}

/** The start's warning about open conflicts (none: nothing is said). */
export async function warnEmailConflicts(db: Queryable): Promise<void> {
  const { total, listed } = await emailConflicts(db);
  if (!total) return;
  logger.warn(
    `accounts: ${total} user(s) share an e-mail address with another user once case and spaces are ignored; sign-in by it reaches the other user. ` +
      `Give each an address of its own (Settings → Users) — see app.user_email_conflicts: ${listed.join('; ')}${total > listed.length ? '; …' : ''}`,
  );
}
