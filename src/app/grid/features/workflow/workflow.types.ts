import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { RowPicks } from '../selection/selection.types.ts';
import type { GridQuery } from '../query/query.types.ts';

export interface WorkflowInput {
  screen: ScreenDescriptor;
  q: GridQuery;
  picks: RowPicks;
  /** The events right on the workflow type's page (the server asks the same, migration 094): the grid offers no event without it. */
  canFire: boolean;
}

/** The api_action call a confirmed event makes. */
export interface TriggerCall {
  entity: 'trigger_fsms' | 'trigger_fsm';
  payload: {
    event_code: string;
    fsm_instance_id: number[] | number;
    params: { state_code?: string; checkbox?: boolean; email_body?: string };
  };
}
