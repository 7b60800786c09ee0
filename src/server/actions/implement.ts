/**
 * A custom api_action's implementation, bound to its contract (schemas/api/defineAction.ts):
 * the registry (index.ts) checks the contract's page right, then parses the payload by the
 * contract's input schema (400 naming the field), so `run` gets the parsed input and returns
 * the answer's `data` as the contract's output types it. The raw payload comes third for the
 * one check a schema cannot make: valibot's records drop `__proto__` keys silently, so a
 * grid state is read again from it (engine/values.ts `jsonDocument`).
 */
import type { ActionAnswer, ActionContract, ActionInput } from '../../../schemas/api.ts';
import type { UserCtx } from '../rpc/context.ts';

export interface Implementation<C extends ActionContract = ActionContract> {
  contract: C;
  run(ctx: UserCtx, input: ActionInput<C>, payload: unknown): Promise<ActionAnswer<C>>;
}

export const implement = <C extends ActionContract>(contract: C, run: Implementation<C>['run']): Implementation<C> => ({ contract, run });
