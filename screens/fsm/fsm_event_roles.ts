import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of workflow events: every role with a checkbox "may press" (migration 122). None
 * ticked: everyone with the Events right on the type's page presses the event; some: only the
 * users of those roles (a global administrator always) — the trigger call refuses the others
 * (403 event_role_required) and their grids and board do not offer it. Written like the roles'
 * pages grid (app.v_fsm_event_roles), under the events page's rights.
 */
export default defineScreen({
  form: 'fsm_event_roles',
  page: '/fsm/fsm_events',
  source: {
    relation: 'app.v_fsm_event_roles',
    key: ['event_id', 'role_id'],
    write: 'app.v_fsm_event_roles',
    sort: [{ colId: 'role_position', sort: 'asc' }],
  },
  columns: {
    event_id: { type: 'int', hidden: true },
    role_id: { type: 'int', hidden: true },
    role_position: { type: 'int', hidden: true },
    role_code: { width: 150 },
    role_name: { type: 'multi', width: 250 },
    active: { type: 'bool', renderer: 'checkbox', width: 100 },
    may_press: { type: 'bool', renderer: 'checkbox', editable: true, width: 150 },
  },
});
