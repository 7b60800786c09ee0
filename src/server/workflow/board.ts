import { actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import { implement } from '../actions/implement.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { HttpError, forbidden } from '../http/errors.ts';

/**
 * `fsm_board` list: a workflow type as the kanban board and the diagram draw it — its
 * states and events in their order (retired ones too, marked; the board leaves those states
 * out), transitions and how many of the company's instances are in each state. The definitions describe the type's records, so the records' page
 * must be listable (a user who cannot see sales orders learns nothing of their workflow).
 */
/** The board's answer, whose parts the queries read (typed by the contract). */
type Board = ActionAnswer<typeof actionContracts.fsm_board>;

export const fsmBoard = implement(actionContracts.fsm_board, async ({ db, session }, { type_code }) => {
  if (!session.company) throw forbidden('forbidden: workflows need a company');
  const type = (
    await db.query<{ type_code: string; type_names: Record<string, string>; timeout_event_code: string | null; on_loop: string | null; default_loop_interval: number | null; url: string | null }>(
      `select t.type_code, t.type_names, t.timeout_event_code, t.on_loop, t.default_loop_interval, p.url
         from app.fsm_types t join app.backend_pages p on p.page_code = t.page_code where t.type_code = $1`,
      [type_code],
    )
  ).rows[0];
  if (!type) throw new HttpError(404, 'not_found', `payload.type_code: no workflow type "${type_code}"`);
  if (!type.url) throw forbidden(`forbidden: workflow type ${type_code} has no page`);
  await requirePagePermission(db, session, type.url, 'list', `workflow ${type_code}`);
  const [states, events, transitions, counts] = await Promise.all([
    db.query<Board['states'][number]>(
      `select state_id, state_code, state_names, initial_state, final_state, show_in_filters, position, retired, row_version from app.fsm_states
         where type_code = $1 order by position, state_id`,
      [type_code],
    ),
    db.query<Board['events'][number]>(
      `select e.event_id, e.event_code, e.event_names, e.event_params, e.position, e.retired, e.row_version,
              exists (select 1 from app.fsm_event_roles g where g.event_id = e.event_id) as reserved
         from app.fsm_events e where e.type_code = $1 order by e.position, e.event_id`,
      [type_code],
    ),
    db.query<Board['transitions'][number]>(
      `select transition_id, event_code, from_state_id, to_state_id, timeout, position, show_in_fsm_actions, show_in_fsm_buttons, row_version
         from app.fsm_transitions where type_code = $1 order by position, transition_id`,
      [type_code],
    ),
    db.query<{ state_id: number; n: number }>('select state_id, count(*)::int as n from app.fsm_instances where company_code = $1 and type_code = $2 group by state_id', [session.company, type_code]),
  ]);
  const { url, ...def } = type;
  return { type: def, url, states: states.rows, events: events.rows, transitions: transitions.rows, counts: Object.fromEntries(counts.rows.map((c) => [String(c.state_id), c.n])) };
});
