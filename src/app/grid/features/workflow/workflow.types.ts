import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { PayloadOf } from '../../../api/actions.ts';
import type { RowPicks } from '../selection/selection.types.ts';
import type { GridQuery } from '../query/query.types.ts';

export interface WorkflowInput {
  screen: ScreenDescriptor;
  q: GridQuery;
  picks: RowPicks;
  /** The events right on the workflow type's page (the server asks the same, migration 094): the grid offers no event without it. */
  canFire: boolean;
  /** The events the user may not press (reserved to roles she lacks, migration 122): offered nowhere. */
  denied?: ReadonlySet<string> | undefined;
}

/** The api_action call a confirmed event makes (schemas/api/workflow.ts): one instance with an e-mail body, or several. */
export type TriggerCall = { entity: 'trigger_fsm'; payload: PayloadOf<'trigger_fsm'> } | { entity: 'trigger_fsms'; payload: PayloadOf<'trigger_fsms'> };
