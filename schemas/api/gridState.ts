/** A grid's saved state and its saved views (custom actions grid_state, grid_views). */
import * as v from 'valibot';
import { DeleteOutput } from './apiAction.ts';
import { defineAction } from './defineAction.ts';
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
/**
 * A state as grid_state's read answers it: checked (core/savedGridState.ts), version 1 read
 * into version 2's parts, a part of the wrong shape replaced by its default; null when what
 * is stored is no state.
 */
const CheckedState = v.nullable(GridState);
/** `view`: the view saved as applied, while the user may still see it (own or shared, same form); else null. */
const AppliedView = v.nullable(v.object({ view_id: v.number(), name: v.string(), state: CheckedState }));
export const GridStateListOutput = v.object({
  data: v.object({ rows: v.array(v.object({ form: v.string(), state: CheckedState, view: AppliedView, updated_at: v.string() })), total: v.number(), totalExact: v.boolean() }),
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
export const GridViewsListOutput = v.object({ data: v.object({ rows: v.array(GridView), total: v.number(), totalExact: v.boolean() }) });
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

export const gridStateActions = {
  grid_state_list: defineAction({
    entity: 'grid_state',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: GridStateListPayload,
    output: GridStateListOutput,
    summary: "The user's saved grid state of a form she may list (0 or 1 rows), with the saved view it stands for while she may still see it.",
  }),
  grid_state_set: defineAction({
    entity: 'grid_state',
    action: 'set',
    page: 'authenticated',
    flag: 'list',
    input: GridStateSetPayload,
    output: GridStateSetOutput,
    summary: "Saves the user's grid state of a form she may list (a JSON object of at most 64 KB) and the view it stands for.",
  }),
  grid_state_delete: defineAction({
    entity: 'grid_state',
    action: 'delete',
    page: 'authenticated',
    flag: 'list',
    input: GridStateDeletePayload,
    output: DeleteOutput,
    summary: "Forgets the user's grid states of these forms: their grids open with the descriptors' defaults.",
  }),
  grid_views_list: defineAction({
    entity: 'grid_views',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: GridViewsListPayload,
    output: GridViewsListOutput,
    summary: "The saved views of a form: the user's own first, then those others share.",
  }),
  grid_views_add: defineAction({
    entity: 'grid_views',
    action: 'add',
    page: 'authenticated',
    flag: 'list',
    input: GridViewAddPayload,
    output: GridViewOutput,
    summary: 'Saves a named view of a form; a name the user gives another view of it: 409 `already_exists`; at most 100 per form (400 `too_many_views`).',
  }),
  grid_views_set: defineAction({
    entity: 'grid_views',
    action: 'set',
    page: 'authenticated',
    flag: 'list',
    input: GridViewSetPayload,
    output: GridViewOutput,
    summary: "Renames, shares or rewrites the user's own view (another's: 403; a stale `row_version`: 409 `stale_row`; a name she gives another view of the form: 409 `view_name_taken`).",
  }),
  grid_views_delete: defineAction({
    entity: 'grid_views',
    action: 'delete',
    page: 'authenticated',
    flag: 'list',
    input: GridViewDeletePayload,
    output: DeleteOutput,
    summary: "Deletes the user's own views (another's: 403, nothing deleted).",
  }),
};
