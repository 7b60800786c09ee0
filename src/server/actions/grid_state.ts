import { MAX_GRID_STATE, actionContracts } from '../../../schemas/api.ts';
import { checkGridState } from '../../core/savedGridState.ts';
import { requireForm } from './engine/permissions.ts';
import { jsonDocument, plainObject } from './engine/values.ts';
import { implement } from './implement.ts';

/**
 * The grid state of the signed-in user per screen (column order, widths, visibility,
 * pinning, sort, filters: whatever the browser keeps, as one JSON object ≤ 64 KB),
 * restored when the screen opens again. The form must be one the user may list.
 *
 * - list   {form}                  → {rows: [{form, state, view, updated_at}] (0 or 1), total}; each
 *                                      state checked (core/savedGridState.ts: null when it is none)
 * - set    {form, state, view_id?} → {row: {form, state, updated_at}} (upsert)
 * - delete {keys: [form]}          → {deleted} (back to the descriptor's defaults)
 *
 * `view_id` is the saved view applied to the grid, so the views menu marks it again after a
 * reload; a view the user may not see (another's unshared one, another form's) is stored as
 * none. `view` answers {view_id, name, state} while the user may still see it, else null.
 */
export const gridState = [
  implement(actionContracts.grid_state_list, async ({ db, session }, { form }) => {
    await requireForm(db, session, form, 'list');
    const r = await db.query<{ form: string; state: Record<string, unknown>; view: { view_id: number; name: string; state: Record<string, unknown> } | null; updated_at: string }>(
      `select s.form, s.state, s.updated_at,
           case when v.view_id is not null then jsonb_build_object('view_id', v.view_id, 'name', v.name, 'state', v.state) end as view
         from app.user_grid_states s
         left join app.grid_views v on v.view_id = s.view_id and v.form = s.form and (v.owner_user_id = s.user_id or v.shared)
         where s.user_id = $1 and s.form = $2`,
      [session.userId, form],
    );
    // Checked here (one copy of the check, core/savedGridState.ts): the list page reads its state without valibot.
    const rows = r.rows.map((x) => ({ ...x, state: checkGridState(x.state), view: x.view && { ...x.view, state: checkGridState(x.view.state) } }));
    return { rows, total: rows.length, totalExact: true };
  }),
  implement(actionContracts.grid_state_set, async ({ db, session }, { form, view_id }, payload) => {
    const state = jsonDocument(plainObject(payload, 'payload').state, 'payload.state', MAX_GRID_STATE);
    await requireForm(db, session, form, 'list');
    const r = await db.query<{ form: string; state: Record<string, unknown>; updated_at: string }>(
      `insert into app.user_grid_states (user_id, form, state, view_id)
         values ($1, $2, $3::text::jsonb, (select view_id from app.grid_views where view_id = $4::int and form = $2 and (owner_user_id = $1 or shared)))
         on conflict (user_id, form) do update set state = excluded.state, view_id = excluded.view_id, updated_at = now()
         returning form, state, updated_at`,
      [session.userId, form, JSON.stringify(state), view_id ?? null],
    );
    return { row: r.rows[0]! };
  }),
  implement(actionContracts.grid_state_delete, async ({ db, session }, { keys }) => {
    const r = await db.query('delete from app.user_grid_states where user_id = $1 and form = any($2::text[])', [session.userId, keys]);
    return { deleted: r.rowCount };
  }),
];
