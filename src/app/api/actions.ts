/**
 * The custom api_actions as typed calls: `actions.courier_export({ order_ids })` sends
 * POST /rpc/api_action {entity, action, payload} and answers the response's `data`, both
 * typed by the action's contract (schemas/api.ts `actionContracts`). The contracts are
 * imported for their types only; what runs is the generated list of entity and verb by name
 * (src/generated/actions.ts), so no schema comes into the browser's bundle.
 */
import type { ActionContract, ActionData, ActionPayload, actionContracts } from '../../../schemas/api.ts';
import { actionCalls } from '../../generated/actions.ts';
import { api } from './client.ts';

type Contracts = typeof actionContracts;
export type ActionName = keyof Contracts;
/** What action N is sent. */
export type PayloadOf<N extends ActionName> = Contracts[N] extends ActionContract ? ActionPayload<Contracts[N]> : never;
/** The `data` action N answers. */
export type AnswerOf<N extends ActionName> = Contracts[N] extends ActionContract ? ActionData<Contracts[N]> : never;

/** An action whose payload may be left out takes it optionally. */
type Call<N extends ActionName> = undefined extends PayloadOf<N> ? (payload?: PayloadOf<N>, opts?: Options) => Promise<AnswerOf<N>> : (payload: PayloadOf<N>, opts?: Options) => Promise<AnswerOf<N>>;
/** `fresh`: a list's answer from the server, not one the page's start asked for already (client.ts `api.action`). */
type Options = { fresh?: boolean };

export const actions = Object.fromEntries(
  (Object.keys(actionCalls) as ActionName[]).map((name) => {
    const [entity, action] = actionCalls[name];
    return [name, (payload?: unknown, opts?: Options) => api.action(entity, action, payload, opts)];
  }),
) as { readonly [N in ActionName]: Call<N> };
