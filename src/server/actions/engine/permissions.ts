import type { Queryable } from '../../db/types.ts';
import { HttpError, forbidden } from '../../http/errors.ts';
import type { Session } from '../../rpc/context.ts';
import { screens, type Screen } from './screens.ts';

export type Flag = 'list' | 'add' | 'set' | 'delete';
/** A page's rights: the engine's four, `perms` (may grant the page) and `events` (may run the page's workflow events, migration 094). */
export type PageFlag = Flag | 'perms' | 'events';

const flagColumn = { perms: 'can_perms', list: 'can_list', add: 'can_add', set: 'can_set', delete: 'can_delete', events: 'can_events' } as const;

/** The user's effective flag (own grants or active roles) on the page at `url`, read from the database. */
export async function hasPagePermission(db: Queryable, userId: number, url: string, flag: PageFlag): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(
    `select coalesce(bool_or(g.${flagColumn[flag]}), false) as ok
     from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code
     where p.url = $1 and g.user_id = $2`,
    [url, userId],
  );
  return r.rows[0]?.ok === true;
}

/*
 * Page permissions cached per user, under the grants version (app.grants_version, 018):
 * every insert, update or delete of user_pages, user_roles, roles, role_pages and
 * backend_pages bumps it in the same transaction. Each request's session carries the
 * version as of the request's arrival (resolveSession → noteGrantsVersion; the session
 * cache follows the bumps through notifications, http/sessionCache.ts); a user's cached
 * grants serve only a request that holds the version they were loaded under, and they were
 * loaded after that version was read, so they are never older than it. Any change → a new
 * version → reload.
 */
type Grants = Map<string, Record<PageFlag, boolean>>;
const USERS_KEPT = 5000;
const versionOf = new WeakMap<Session, number>();
const cacheOf = new WeakMap<Queryable, Map<number, { version: number; grants: Grants }>>();

/** The grants version the request's session query read (see above). */
export function noteGrantsVersion(session: Session, version: number): void {
  versionOf.set(session, version);
}

async function grantsOf(db: Queryable, userId: number, version: number): Promise<Grants> {
  let cache = cacheOf.get(db);
  if (!cache) cacheOf.set(db, (cache = new Map()));
  const hit = cache.get(userId);
  if (hit && hit.version === version) return hit.grants;
  const r = await db.query<{ url: string; can_perms: boolean; can_list: boolean; can_add: boolean; can_set: boolean; can_delete: boolean; can_events: boolean }>(
    `select p.url, g.can_perms, g.can_list, g.can_add, g.can_set, g.can_delete, g.can_events
     from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code
     where g.user_id = $1 and p.url is not null`,
    [userId],
  );
  const grants: Grants = new Map(
    r.rows.map((g) => [
      g.url,
      { perms: g.can_perms === true, list: g.can_list === true, add: g.can_add === true, set: g.can_set === true, delete: g.can_delete === true, events: g.can_events === true },
    ]),
  );
  cache.delete(userId);
  if (cache.size >= USERS_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(userId, { version, grants });
  return grants;
}

/** Whether the session's user holds `flag` on the page at `url` (`perms`: may grant it, an administrator of the page; `events`: may run its workflow events). */
export async function holdsPagePermission(db: Queryable, session: Session, url: string, flag: PageFlag): Promise<boolean> {
  const version = versionOf.get(session);
  return version === undefined ? await hasPagePermission(db, session.userId, url, flag) : (await grantsOf(db, session.userId, version)).get(url)?.[flag] === true;
}

export async function requirePagePermission(db: Queryable, session: Session, url: string, flag: Flag, what: string): Promise<void> {
  if (!(await holdsPagePermission(db, session, url, flag))) throw forbidden(`forbidden: no ${flag} permission for ${what}`);
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
