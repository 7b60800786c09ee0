/**
 * One custom api_action as a typed call: `actionCall<'courier_export'>('courier_export', 'filter')`
 * sends POST /rpc/api_action {entity, action, payload} and answers the response's `data`, both
 * typed by the action's contract (schemas/api.ts `actionContracts`, imported for its types
 * only, so no schema comes into the browser's bundle). src/generated/actions/ makes one such
 * call per contract, each a module of its own: a page's bundle carries the calls it makes.
 */
import type { ActionContract, ActionData, ActionPayload, actionContracts } from '../../../schemas/api.ts';
import { api, type ApiAction } from './client.ts';

type Contracts = typeof actionContracts;
export type ActionName = keyof Contracts;
/** What action N is sent. */
export type PayloadOf<N extends ActionName> = Contracts[N] extends ActionContract ? ActionPayload<Contracts[N]> : never;
/** The `data` action N answers. */
export type AnswerOf<N extends ActionName> = Contracts[N] extends ActionContract ? ActionData<Contracts[N]> : never;

/** `fresh`: a list's answer from the server, not one the page's start asked for already (client.ts `api.action`). */
type Options = { fresh?: boolean };
/** An action whose payload may be left out takes it optionally. */
type Call<N extends ActionName> = undefined extends PayloadOf<N> ? (payload?: PayloadOf<N>, opts?: Options) => Promise<AnswerOf<N>> : (payload: PayloadOf<N>, opts?: Options) => Promise<AnswerOf<N>>;
/** The call, with the entity and verb it sends (the OpenAPI test compares them with the contract's). */
export type ActionCall<N extends ActionName> = Call<N> & { readonly entity: string; readonly action: ApiAction };

export function actionCall<N extends ActionName>(entity: string, action: ApiAction): ActionCall<N> {
  const call = (payload?: unknown, opts?: Options) => api.action(entity, action, payload, opts);
  return Object.assign(call, { entity, action }) as unknown as ActionCall<N>;
}
