import type { Queryable } from '../../db/types.ts';
import { forbidden } from '../../http/errors.ts';
import type { Session } from '../../rpc/context.ts';

export type Flag = 'list' | 'add' | 'set' | 'delete';

/** The user's effective flag (own grants or active roles) on the page at `url`. */
export async function hasPagePermission(db: Queryable, userId: number, url: string, flag: Flag): Promise<boolean> {
  const column = { list: 'can_list', add: 'can_add', set: 'can_set', delete: 'can_delete' }[flag];
  const r = await db.query<{ ok: boolean }>(
    `select coalesce(bool_or(g.${column}), false) as ok
     from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code
     where p.url = $1 and g.user_id = $2`,
    [url, userId],
  );
  return r.rows[0]?.ok === true;
}

export async function requirePagePermission(db: Queryable, session: Session, url: string, flag: Flag, what: string): Promise<void> {
  if (!(await hasPagePermission(db, session.userId, url, flag))) throw forbidden(`forbidden: no ${flag} permission for ${what}`);
}
