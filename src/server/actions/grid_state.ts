import {
  GridStateDeletePayload,
  GridStateListPayload,
  GridStateSetPayload,
  MAX_GRID_STATE,
} from '../../../schemas/api.ts';
import { parseInput } from '../http/errors.ts';
import type { CustomAction } from './custom.ts';
import { requireForm } from './engine/permissions.ts';
import { jsonDocument, plainObject } from './engine/values.ts';

/**
 * The grid state of the signed-in user per screen (column order, widths, visibility,
 * pinning, sort, filters: whatever the browser keeps, as one JSON object ≤ 64 KB),
 * restored when the screen opens again. The form must be one the user may list.
 *
 * - list   {form}         → {rows: [{form, state, updated_at}] (0 or 1), total}
 * - set    {form, state}  → {row: {form, state, updated_at}} (upsert)
 * - delete {keys: [form]} → {deleted} (back to the descriptor's defaults)
 */
export const gridState: Record<'list' | 'set' | 'delete', CustomAction> = {
  list: {
    page: 'authenticated',
    flag: 'list',
    async run({ db, session }, payload) {
      const { form } = parseInput(GridStateListPayload, payload);
      await requireForm(db, session, form, 'list');
      const r = await db.query<{ form: string; state: Record<string, unknown>; updated_at: string }>(
        'select form, state, updated_at from app.user_grid_states where user_id = $1 and form = $2',
        [session.userId, form],
      );
      return { rows: r.rows, total: r.rows.length, totalExact: true };
    },
  },
  set: {
    page: 'authenticated',
    flag: 'list',
    async run({ db, session }, payload) {
      const { form } = parseInput(GridStateSetPayload, payload);
      const state = jsonDocument(plainObject(payload, 'payload').state, 'payload.state', MAX_GRID_STATE);
      await requireForm(db, session, form, 'list');
      const r = await db.query<{ form: string; state: Record<string, unknown>; updated_at: string }>(
        `insert into app.user_grid_states (user_id, form, state) values ($1, $2, $3::text::jsonb)
         on conflict (user_id, form) do update set state = excluded.state, updated_at = now()
         returning form, state, updated_at`,
        [session.userId, form, JSON.stringify(state)],
      );
      return { row: r.rows[0] };
    },
  },
  delete: {
    page: 'authenticated',
    flag: 'list',
    async run({ db, session }, payload) {
      const { keys } = parseInput(GridStateDeletePayload, payload);
      const r = await db.query('delete from app.user_grid_states where user_id = $1 and form = any($2::text[])', [session.userId, keys]);
      return { deleted: r.rowCount };
    },
  },
};
