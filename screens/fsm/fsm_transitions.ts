import { defineScreen } from '../../schemas/screen.ts';

/**
 * Spec §7 fsm_transitions: which event leads from which state to which, per workflow type.
 * Type and states are shown by their names; the event by its code and names (an event is
 * named by type and code). The keys carry the type, so another type's state or event is
 * refused (400 rule_violated `fsm_transition_type`), a second transition for one event and state is 409
 * already_exists.
 */
export default defineScreen({
  form: 'fsm_transitions',
  menu: { icon: 'git-branch', order: 4 },
  source: {
    relation: 'app.v_fsm_transitions',
    key: 'transition_id',
    write: 'app.fsm_transitions',
    generatedKey: true,
    version: 'row_version',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'from_state_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    transition_id: { type: 'int', hidden: true },
    type_code: { type: 'ref', lookup: 'fsm_types_brief', editable: true, required: true, width: 150 },
    event_code: { editable: true, required: true, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$', patternHint: 'a–z 0–9 _', width: 150 },
    event_names: { type: 'multi', width: 200 },
    from_state_id: { type: 'ref', lookup: 'fsm_states_brief', editable: true, required: true, width: 200 },
    to_state_id: { type: 'ref', lookup: 'fsm_states_brief', editable: true, required: true, width: 200 },
    timeout: { type: 'int', editable: true, min: 1, max: 31_536_000, width: 100 },
    position: { type: 'int', editable: true, default: 0, min: 0, max: 10_000, width: 100 },
    show_in_fsm_actions: { type: 'bool', renderer: 'checkbox', editable: true, default: true, width: 100 },
    show_in_fsm_buttons: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
  },
  actions: { add: true, delete: true },
});
