import { defineScreen } from '../../schemas/screen.ts';

/**
 * Spec §7 fsm_states (listed without payload): every workflow type's states, in their order
 * (`position`: the board's columns). A state is added here or in the diagram (/settings/gojs),
 * renamed, reordered and retired (kept for the history, no transition leads into it: migration
 * 122). A state that records are in is neither retired nor deleted, and no change leaves such a
 * state without a way out (rules fsm_state_occupied, fsm_no_way_out: the records are named);
 * one a transition or the history names cannot be deleted (409 in_use): retire it.
 */
export default defineScreen({
  form: 'fsm_states',
  menu: { icon: 'circle-dot', order: 2 },
  source: {
    relation: 'app.fsm_states',
    key: 'state_id',
    write: 'app.fsm_states',
    generatedKey: true,
    version: 'row_version',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    state_id: { type: 'int', width: 100 },
    type_code: { type: 'ref', lookup: 'fsm_types_brief', editable: true, editableOn: 'add', required: true, width: 150 },
    state_code: { editable: true, editableOn: 'add', required: true, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$', patternHint: 'a–z 0–9 _', width: 200 },
    state_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true },
    position: { type: 'int', editable: true, min: 0, max: 10_000, width: 100 },
    initial_state: { type: 'bool', renderer: 'checkbox', width: 100 },
    final_state: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    show_in_filters: { type: 'bool', renderer: 'checkbox', editable: true, default: true, width: 100 },
    retired: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
