import type { Queryable } from '../../db/types.ts';
import { HttpError, forbidden } from '../../http/errors.ts';
import type { Session } from '../../rpc/context.ts';
import { screens, type Screen } from './screens.ts';

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

/**
 * A form the user may use with `flag`, by name: a descriptor (else 404 bad_data_source, as
 * api_action answers), its page permission (else 403); lookups allow any signed-in user to list.
 */
export async function requireForm(db: Queryable, session: Session, form: string, flag: Flag): Promise<Screen> {
  const screen = screens.get(form);
  if (!screen) throw new HttpError(404, 'bad_data_source', `bad_data_source: no form "${form}"`);
  if (screen.access === 'authenticated') {
    if (flag !== 'list') throw forbidden(`forbidden: ${form} is read-only`);
  } else {
    await requirePagePermission(db, session, screen.pageUrl!, flag, form);
  }
  return screen;
}
