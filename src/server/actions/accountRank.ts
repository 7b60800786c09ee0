/**
 * The rank rule on account actions (migration 086, `app.check_not_outranked`): a user acts
 * on another's account only when she is a global administrator or the account is not one
 * (`user_is_administrator`), works in every company of it (`user_outside_your_companies`)
 * and holds every right it holds (`user_outranks_you`). The account tables' triggers apply
 * it to every write that names its actor; the custom account actions (actions/user_accounts.ts)
 * call it here first, for what no such trigger sees (ending sessions) and to refuse before
 * slow work (hashing a password). A refusal is the database's error: 403 `rule_violated`
 * with the rule (http/errors.ts), and the transaction is rolled back.
 */
import type { Queryable } from '../db/types.ts';
import { actAs } from './engine/rows.ts';

/**
 * In `tx`: names `actorId` as the actor (the triggers then guard what the transaction
 * writes next) and refuses unless she may act on every one of `userIds`. `passwordOf`: the
 * page from which the action sets the users' passwords, whose grant (`perms`) flag that needs too.
 */
export async function requireRank(tx: Queryable, actorId: number, userIds: readonly number[], passwordOf?: string): Promise<void> {
  await actAs(tx, actorId);
  if (passwordOf) await tx.query('select app.check_may_set_password(u, $2) from unnest($1::int[]) as u', [userIds, passwordOf]);
  else await tx.query('select app.check_not_outranked(u) from unnest($1::int[]) as u', [userIds]);
}
