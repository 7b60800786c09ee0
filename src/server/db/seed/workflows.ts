/**
 * The workflow definitions every database needs (orders, purchase orders and cashflow items
 * cannot move without them): each type is defined by the descriptor of the screen whose page
 * governs it (schemas/screen.ts `workflow`: states, events, transitions; codegen gathers them
 * into src/generated/workflows.ts), and named here from the catalogues by convention
 * (core/workflowKeys.ts: `workflows.<type>.title`, `.states.<state>`, `.events.<event>`,
 * `.checkboxes.<event>`). The seed writes them into a new database; the reference sync
 * (referenceSync.ts) adds what an existing one lacks, and leaves what users changed. What
 * entering a state does beyond the move is server/workflow/onEnter.ts.
 */
import { screenWorkflows, type ScreenWorkflow } from '../../../generated/workflows.ts';
import { workflowCheckboxId, workflowEventId, workflowStateId, workflowTitleId } from '../../../core/workflowKeys.ts';
import type { EventVariant } from '../../../core/workflowActions.ts';
import { catalogueText } from '../../transfer/catalogue.ts';
import type { Queryable } from '../types.ts';
import { mlFrom, type Ml } from './languages.ts';

/** How the UI offers an event (spec §4): button variant and icon, an optional checkbox (its label), whether it asks for an e-mail body or a payment. */
interface EventParams {
  bv_variant: EventVariant;
  bv_icon: string;
  checkbox?: Ml;
  email?: true;
  payment?: true;
}

interface StateDef {
  code: string;
  names: Ml;
  initial?: true;
  final?: true;
  /** Offered as a filter of the records' lists (default true). */
  filter?: false;
}
interface EventDef {
  code: string;
  names: Ml;
  params: EventParams;
}
/** [event, from, to, timeout seconds of the state entered, shown in fsm_actions (default true), shown as a button (default false)]. */
type TransitionDef = [event: string, from: string, to: string, timeout?: number | null, actions?: boolean, buttons?: boolean];
export interface WorkflowDef {
  type: string;
  names: Ml;
  /** The page whose `events` right triggers its events (the defining screen's). */
  page: string;
  timeoutEvent?: string;
  loop?: { event: string; interval: number };
  states: StateDef[];
  events: EventDef[];
  transitions: TransitionDef[];
}

/** A name in every language, from the catalogues. */
const named = (key: string): Ml => mlFrom((lang) => catalogueText(lang, key));

/** A descriptor's definition as the tables hold it, named. */
function definitionOf(w: ScreenWorkflow): WorkflowDef {
  return {
    type: w.type,
    names: named(workflowTitleId(w.type)),
    page: w.page,
    ...(w.timeoutEvent ? { timeoutEvent: w.timeoutEvent } : {}),
    ...(w.loop ? { loop: w.loop } : {}),
    states: Object.entries(w.states).map(([code, st]) => ({ code, names: named(workflowStateId(w.type, code)), ...st })),
    events: Object.entries(w.events).map(([code, e]) => ({
      code,
      names: named(workflowEventId(w.type, code)),
      params: {
        bv_variant: e.variant as EventVariant,
        bv_icon: e.icon,
        ...(e.checkbox ? { checkbox: named(workflowCheckboxId(w.type, code)) } : {}),
        ...(e.email ? { email: true as const } : {}),
        ...(e.payment ? { payment: true as const } : {}),
      },
    })),
    transitions: w.transitions.map((t): TransitionDef => [t.event, t.from, t.to, t.timeout ?? null, t.actions ?? true, t.button ?? false]),
  };
}

/** The workflows every database needs, as the descriptors define them. */
export const workflows: WorkflowDef[] = screenWorkflows.map(definitionOf);

/** Inserts one workflow definition (types, states, events, transitions); the seed and the tests' own types use it. */
export async function insertWorkflow(tx: Queryable, w: WorkflowDef): Promise<void> {
  await tx.query('insert into app.fsm_types (type_code, type_names, page_code, default_loop_interval) values ($1, $2::jsonb, $3, $4)', [
    w.type,
    JSON.stringify(w.names),
    w.page,
    w.loop?.interval ?? null,
  ]);
  await tx.query(
    `insert into app.fsm_states (type_code, state_code, state_names, initial_state, final_state, show_in_filters)
     select $1, s.code, s.names, coalesce(s.initial, false), coalesce(s.final, false), coalesce(s.filter, true)
     from jsonb_to_recordset($2::jsonb) as s(code text, names jsonb, initial boolean, final boolean, filter boolean)`,
    [w.type, JSON.stringify(w.states)],
  );
  await tx.query(
    `insert into app.fsm_events (type_code, event_code, event_names, event_params)
     select $1, e.code, e.names, e.params from jsonb_to_recordset($2::jsonb) as e(code text, names jsonb, params jsonb)`,
    [w.type, JSON.stringify(w.events)],
  );
  const made = await tx.query(
    `insert into app.fsm_transitions (type_code, event_code, from_state_id, to_state_id, timeout, position, show_in_fsm_actions, show_in_fsm_buttons)
     select $1, t->>0, f.state_id, s.state_id, (t->>3)::int, o::int, coalesce((t->>4)::boolean, true), coalesce((t->>5)::boolean, false)
     from jsonb_array_elements($2::jsonb) with ordinality as x(t, o)
     join app.fsm_states f on f.type_code = $1 and f.state_code = t->>1
     join app.fsm_states s on s.type_code = $1 and s.state_code = t->>2`,
    [w.type, JSON.stringify(w.transitions)],
  );
  if (made.rowCount !== w.transitions.length) throw new Error(`workflow ${w.type}: a transition names a state the type does not have`);
  await tx.query('update app.fsm_types set timeout_event_code = $2, on_loop = $3 where type_code = $1', [w.type, w.timeoutEvent ?? null, w.loop?.event ?? null]);
}

export async function seedWorkflows(tx: Queryable): Promise<void> {
  for (const w of workflows) await insertWorkflow(tx, w);
}
