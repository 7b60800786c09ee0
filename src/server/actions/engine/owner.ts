/**
 * Rows private to their users (`source.owner`, e.g. the chat conversations of
 * /settings/gpt_chats): a user lists, changes, exports and deletes only the rows whose
 * owner column holds her user id; a user holding the page's `perms` right (an
 * administrator of the page) acts on all of the company's. Decided once per request
 * (`ownerScope`) and carried in the engine's scopes; every statement over such a screen
 * adds `ownerCondition`. A path that did not decide fails (an error, never every row).
 * Companies (`source.userCompanies`) are scoped the same way: the companies a user works in,
 * every one for a global administrator.
 */
import type { Queryable } from '../../db/types.ts';
import type { Session } from '../../rpc/context.ts';
import { holdsPagePermission } from './permissions.ts';
import type { Screen } from './screens.ts';
import { ident, type Params } from './sql.ts';

export interface OwnerScope {
  /** The user whose rows alone are reached; null: every row (no owner column, or the page's administrator); absent: not decided. */
  owner?: number | null;
}

/** Whose rows the session reaches on the screen: its own, or (the page's `perms` right, or no owner column) everyone's. */
export async function ownerScope(db: Queryable, session: Session, screen: Screen): Promise<number | null> {
  if (screen.source.userCompanies) {
    // Companies (source.userCompanies): those the user works in; a global administrator's, every one.
    const admin = await db.query<{ admin: boolean }>('select app.is_global_admin($1) as admin', [session.userId]);
    return admin.rows[0]?.admin ? null : session.userId;
  }
  if (!screen.source.owner || !screen.pageUrl) return null;
  return (await holdsPagePermission(db, session, screen.pageUrl, 'perms')) ? null : session.userId;
}

/** `[alias.]owner = $n` for a user's scope; null when every row is reached. */
export function ownerCondition(screen: Screen, scope: OwnerScope, p: Params, alias?: string): string | null {
  const column = screen.source.owner ?? screen.source.userCompanies;
  if (!column) return null;
  if (scope.owner === undefined) throw new Error(`${screen.form}: its rows belong to users (source.owner or userCompanies), and this path did not say whose`);
  if (scope.owner === null) return null;
  const at = `${alias ? `${alias}.` : ''}${ident(column)}`;
  if (screen.source.userCompanies) return `${at} in (select uc.company_code from app.user_companies uc where uc.user_id = ${p.add(scope.owner, 'int')})`;
  return `${at} = ${p.add(scope.owner, 'int')}`;
}
