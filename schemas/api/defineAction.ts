/**
 * One declaration per custom api_action (issue 45): the contract of an action beside the
 * descriptor engine — the entity and verb it answers under POST /rpc/api_action, the page
 * right it needs, its payload and its answer — stated once, beside its schemas in the
 * feature's file. The server binds an implementation to it (src/server/actions/implement.ts:
 * the payload arrives parsed, the answer is typed); the registry, the OpenAPI document
 * (codegen/openapi.ts) and the browser's typed client (src/app/api/actions.ts) are built
 * from the list of contracts (`actionContracts`, schemas/api.ts), never from a second list.
 */
import * as v from 'valibot';

/** api_action's verbs: the engine's, which a custom action reuses for what it does alike (list reads, set writes). */
export const actions = ['list', 'filter', 'set', 'add', 'delete', 'delete_preview', 'undo', 'redo', 'aggregate'] as const;
export type ActionVerb = (typeof actions)[number];
/** The page right an action needs (user_pages / role_pages flags). */
export type ActionFlag = 'list' | 'add' | 'set' | 'delete';

export interface ActionContract<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> {
  /** api_action's `entity`: a name no descriptor's form takes. */
  entity: string;
  /** api_action's `action`. */
  action: ActionVerb;
  /**
   * The page whose `flag` right the caller needs (checked before the payload is read), or
   * 'authenticated': any signed-in user — the user's own data, or a right the action checks
   * itself (a workflow's events, the form a grid state belongs to).
   */
  page: string;
  flag: ActionFlag;
  /** The payload's schema: the registry parses with it (400 naming the field) before the implementation runs. */
  input: I;
  /** The answer's schema, `{ data: … }` as the response carries it: the implementation returns its `data`. */
  output: O;
  /** One sentence for the OpenAPI document: what the action does, and its own refusals. */
  summary: string;
}

/** The contract of a custom api_action (see the file's comment). */
export const defineAction = <I extends v.GenericSchema, O extends v.GenericSchema<{ data: unknown }>>(contract: ActionContract<I, O>): ActionContract<I, O> => contract;

/** What the client sends: the payload before parsing (defaults may be left out). */
export type ActionPayload<C extends ActionContract> = v.InferInput<C['input']>;
/** What the implementation receives: the payload as the schema parsed it. */
export type ActionInput<C extends ActionContract> = v.InferOutput<C['input']>;
/** The `data` of the answer as the client gets it. */
export type ActionData<C extends ActionContract> = v.InferOutput<C['output']> extends { data: infer D } ? D : never;
/** The `data` of the answer as the implementation returns it (before the schema: an optional field may be left out). */
export type ActionAnswer<C extends ActionContract> = v.InferInput<C['output']> extends { data: infer D } ? D : never;

/** A payload an action does not read: nothing, or an empty object. */
export const NoPayload = v.optional(v.strictObject({}));
