/** A grid's saved state and its saved views (custom actions grid_state, grid_views). */
import * as v from 'valibot';
import { formName } from './fields.ts';

/** Most bytes of a grid state as JSON. */
export const MAX_GRID_STATE = 64 * 1024;
/** Column state, sort and filters of a grid as the browser keeps them: a plain JSON object (≤ 64 KB). */
export const GridState = v.record(v.string(), v.unknown());
const viewId = v.pipe(v.number(), v.safeInteger('view_id must be an integer'), v.minValue(1), v.maxValue(2_147_483_647));
export const GridStateListPayload = v.strictObject({ form: formName });
/** `view_id`: the saved view applied to the grid (marked again after a reload); absent or null: none. */
export const GridStateSetPayload = v.strictObject({ form: formName, state: GridState, view_id: v.optional(v.nullable(viewId)) });
export const GridStateDeletePayload = v.strictObject({ keys: v.pipe(v.array(formName), v.minLength(1), v.maxLength(100)) });
/** `view`: the view saved as applied, while the user may still see it (own or shared, same form); else null. */
const AppliedView = v.nullable(v.object({ view_id: v.number(), name: v.string(), state: GridState }));
export const GridStateListOutput = v.object({
  data: v.object({ rows: v.array(v.object({ form: v.string(), state: GridState, view: AppliedView, updated_at: v.string() })), total: v.number() }),
});
export const GridStateSetOutput = v.object({ data: v.object({ row: v.object({ form: v.string(), state: GridState, updated_at: v.string() }) }) });
const viewName = v.pipe(v.string(), v.trim(), v.nonEmpty('name is required'), v.maxLength(100, 'name is at most 100 characters'));
export const GridView = v.object({
  view_id: v.number(),
  form: v.string(),
  name: v.string(),
  shared: v.boolean(),
  state: GridState,
  row_version: v.number(),
  /** The owner's name (first and last name). */
  owner: v.string(),
  /** The view belongs to the signed-in user (only then it may be changed or deleted). */
  mine: v.boolean(),
  updated_at: v.string(),
});
export const GridViewsListPayload = v.strictObject({ form: formName });
export const GridViewsListOutput = v.object({ data: v.object({ rows: v.array(GridView), total: v.number() }) });
export const GridViewAddPayload = v.strictObject({ form: formName, name: viewName, shared: v.optional(v.boolean(), false), state: GridState });
export const GridViewSetPayload = v.strictObject({
  view_id: viewId,
  row_version: v.pipe(v.number(), v.safeInteger()),
  /** A rename: refused (409 view_name_taken) when the owner has the name for another view of the form. */
  name: v.optional(viewName),
  shared: v.optional(v.boolean()),
  state: v.optional(GridState),
});
export const GridViewOutput = v.object({ data: v.object({ row: GridView }) });
export const GridViewDeletePayload = v.strictObject({
  keys: v.pipe(v.array(viewId), v.minLength(1), v.maxLength(1_000)),
});
