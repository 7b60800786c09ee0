import { MAX_GRID_STATE, actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, badRequest, forbidden, refused } from '../http/errors.ts';
import { requireForm } from './engine/permissions.ts';
import { jsonDocument, plainObject } from './engine/values.ts';
import { implement } from './implement.ts';

/** Most saved views one user keeps per screen. */
const MAX_VIEWS = 100;

const columns = `v.view_id, v.form, v.name, v.shared, v.state, v.row_version, v.updated_at,
  coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as owner,
  v.owner_user_id = $1 as mine`;

/** A view as the actions answer it (typed by the contract). */
type View = ActionAnswer<typeof actionContracts.grid_views_list>['rows'][number];

async function viewOf(db: Queryable, userId: number, viewId: number): Promise<View> {
  const r = await db.query<View>(`select ${columns} from app.grid_views v join app.users u on u.user_id = v.owner_user_id where v.view_id = $2`, [userId, viewId]);
  return r.rows[0]!;
}

/**
 * A name the owner already gives another view of the screen → 409 `view_name_taken`, naming
 * it (the unique (form, owner, name) alone would say only "already exists").
 */
async function requireFreeName(db: Queryable, form: string, ownerId: number, name: string, viewId: number) {
  const r = await db.query('select 1 from app.grid_views where form = $1 and owner_user_id = $2 and name = $3 and view_id <> $4', [form, ownerId, name, viewId]);
  if (r.rows.length) throw new HttpError(409, 'view_name_taken', `payload.name: you already have a view named "${name}" for this screen`, {}, undefined, { name });
}

/** The state of a payload, checked on the raw input (the schema's record drops __proto__ keys silently). */
const stateOf = (payload: unknown) => jsonDocument(plainObject(payload, 'payload').state, 'payload.state', MAX_GRID_STATE);

/**
 * Named grid states per screen: the user's own views and those others share.
 * Only the owner changes or deletes a view (else 403). The form must be one the user may list.
 *
 * - list   {form}                                         → {rows: [view…], total}; own first, then by name
 * - add    {form, name, shared?, state}                   → {row: view}; a taken name → 409 already_exists
 * - set    {view_id, row_version, name?, shared?, state?} → {row: view}; stale version → 409;
 *          a rename to a name the owner has for another view of the screen → 409 view_name_taken
 * - delete {keys: [view_id]}                              → {deleted}
 *
 * A view: {view_id, form, name, shared, state, row_version, owner (name), mine, updated_at}.
 */
export const gridViews = [
  implement(actionContracts.grid_views_list, async ({ db, session }, { form }) => {
    await requireForm(db, session, form, 'list');
    const r = await db.query<View>(
      `select ${columns} from app.grid_views v join app.users u on u.user_id = v.owner_user_id
         where v.form = $2 and (v.owner_user_id = $1 or v.shared)
         order by v.owner_user_id = $1 desc, lower(v.name), v.view_id`,
      [session.userId, form],
    );
    return { rows: r.rows, total: r.rows.length, totalExact: true };
  }),
  implement(actionContracts.grid_views_add, async ({ db, session }, input, payload) => {
    const state = stateOf(payload);
    await requireForm(db, session, input.form, 'list');
    return db.transaction(async (tx) => {
      // Serializes a user's adds, so the cap holds under concurrent requests.
      await tx.query('select 1 from app.users where user_id = $1 for update', [session.userId]);
      const n = await tx.query<{ n: number }>('select count(*)::int as n from app.grid_views where owner_user_id = $1 and form = $2', [session.userId, input.form]);
      if (n.rows[0]!.n >= MAX_VIEWS) throw refused('too_many_views', `payload.form: at most ${MAX_VIEWS} saved views per screen`, { limit: MAX_VIEWS });
      const r = await tx.query<{ view_id: number }>(`insert into app.grid_views (form, owner_user_id, name, shared, state) values ($1, $2, $3, $4, $5::text::jsonb) returning view_id`, [
        input.form,
        session.userId,
        input.name,
        input.shared,
        JSON.stringify(state),
      ]);
      return { row: await viewOf(tx, session.userId, r.rows[0]!.view_id) };
    });
  }),
  implement(actionContracts.grid_views_set, async ({ db, session }, input, payload) => {
    const state = input.state === undefined ? undefined : stateOf(payload);
    if (input.name === undefined && input.shared === undefined && state === undefined) throw badRequest('payload: no field to change');
    return db.transaction(async (tx) => {
      const found = await tx.query<{ owner_user_id: number; row_version: number; form: string }>('select owner_user_id, row_version, form from app.grid_views where view_id = $1 for update', [
        input.view_id,
      ]);
      const view = found.rows[0];
      if (!view) throw new HttpError(404, 'not_found', `payload.view_id: no view ${input.view_id}`);
      if (view.owner_user_id !== session.userId) throw forbidden('forbidden: only its owner may change a view');
      // As list and add: the view's screen must still be one the user may list.
      await requireForm(tx, session, view.form, 'list');
      if (view.row_version !== input.row_version) throw new HttpError(409, 'stale_row', 'The view was changed meanwhile; reload it');
      if (input.name !== undefined) await requireFreeName(tx, view.form, session.userId, input.name, input.view_id);
      await tx.query(
        `update app.grid_views set name = coalesce($2, name), shared = coalesce($3, shared), state = coalesce($4::text::jsonb, state),
             row_version = row_version + 1, updated_at = now()
           where view_id = $1`,
        [input.view_id, input.name ?? null, input.shared ?? null, state === undefined ? null : JSON.stringify(state)],
      );
      return { row: await viewOf(tx, session.userId, input.view_id) };
    });
  }),
  implement(actionContracts.grid_views_delete, async ({ db, session }, { keys }) => {
    return db.transaction(async (tx) => {
      const others = await tx.query('select view_id from app.grid_views where view_id = any($1::int[]) and owner_user_id <> $2 limit 1', [keys, session.userId]);
      if (others.rows.length) throw forbidden('forbidden: only its owner may delete a view');
      const r = await tx.query('delete from app.grid_views where view_id = any($1::int[]) and owner_user_id = $2', [keys, session.userId]);
      return { deleted: r.rowCount };
    });
  }),
];
