import type { UserCtx } from '../rpc/context.ts';
import type { Flag } from './engine/permissions.ts';

/** Business logic that a descriptor cannot state, registered beside the engine by form name. */
export interface CustomAction {
  /** The page whose `flag` permission is required, or 'authenticated' for the user's own data. */
  page: string | 'authenticated';
  flag: Flag;
  run(ctx: UserCtx, payload: unknown): Promise<unknown>;
}
