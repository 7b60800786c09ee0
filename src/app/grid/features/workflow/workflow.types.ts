import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { RowPicks } from '../selection/selection.types.ts';
import type { GridQuery } from '../query/query.types.ts';

export interface WorkflowInput {
  screen: ScreenDescriptor;
  q: GridQuery;
  picks: RowPicks;
  /** The page's `set` permission: the server checks the workflow type's page, the grid offers nothing without it. */
  canSet: boolean;
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
