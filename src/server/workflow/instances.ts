import type { Queryable } from '../db/types.ts';
import type { FsmAction } from '../../core/workflowActions.ts';

/** An instance as workflow screens' rows carry it (spec §7): its state, that state's names and the actions it offers. */
export interface FsmInstanceState {
  fsm_instance_id: number;
  type_code: string;
  state_code: string;
  state_names: Record<string, string>;
  final_state: boolean;
  fsm_actions: FsmAction[];
  row_version: number;
}

/** The instances' states and actions, in the order of `ids` (ids not found are left out). */
export async function instanceStates(q: Queryable, ids: readonly number[]): Promise<FsmInstanceState[]> {
  const r = await q.query<FsmInstanceState>(
    `select i.fsm_instance_id, i.type_code, s.state_code, s.state_names, s.final_state, app.fsm_actions(i.state_id) as fsm_actions, i.row_version
     from unnest($1::bigint[]) with ordinality as x(id, n)
     join app.fsm_instances i on i.fsm_instance_id = x.id
     join app.fsm_states s on s.state_id = i.state_id
     order by x.n`,
    [ids],
  );
  return r.rows;
}

/** A new instance of `type` in `company`, in the type's initial state with its first history row (migration 035 app.fsm_create). */
export async function createInstance(q: Queryable, type: string, company: string, opts: { userId?: number | null; at?: Date } = {}): Promise<number> {
  const r = await q.query<{ id: number }>('select app.fsm_create($1, $2, $3, coalesce($4::timestamptz, now())) as id', [type, company, opts.userId ?? null, opts.at?.toISOString() ?? null]);
  return r.rows[0]!.id;
}
