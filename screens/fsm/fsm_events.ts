import { defineScreen } from '../../schemas/screen.ts';
import { EVENT_ICONS } from '../../src/core/eventIcons.ts';
import { EVENT_VARIANTS } from '../../src/core/workflowActions.ts';

/**
 * Spec §7 fsm_events (listed without payload): every workflow type's events, in their order. An
 * event is added here or in the diagram (/settings/gojs), renamed, reordered and retired (no
 * transition fires it any more: migration 122); its button's style and icon are chosen from
 * lists, the icon cell showing the button as it will look; the confirmation's checkbox label
 * and e-mail body are its other parts (written into event_params by app.v_fsm_events). Below:
 * the roles whose users may press it (none ticked: everyone with the Events right on the type's
 * page). One a transition or a type's timeout or loop names cannot be deleted (409 in_use):
 * retire it — unless that leaves records without a way out (rule fsm_no_way_out).
 */
export default defineScreen({
  form: 'fsm_events',
  menu: { icon: 'zap', order: 3 },
  source: {
    relation: 'app.v_fsm_events',
    key: 'event_id',
    write: 'app.v_fsm_events',
    generatedKey: true,
    version: 'row_version',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    event_id: { type: 'int', width: 100 },
    type_code: { type: 'ref', lookup: 'fsm_types_brief', editable: true, editableOn: 'add', required: true, width: 150 },
    event_code: { editable: true, editableOn: 'add', required: true, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$', patternHint: 'a–z 0–9 _', width: 200 },
    event_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true },
    bv_variant: { editable: true, required: true, options: [...EVENT_VARIANTS], default: 'primary', width: 150 },
    // The button as it will look (its style, this icon and its name).
    bv_icon: { editable: true, options: [...EVENT_ICONS], renderer: 'eventButton', width: 200 },
    checkbox: { type: 'multi', editable: true, maxLength: 200 },
    email: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    role_names: { type: 'multi', width: 200 },
    position: { type: 'int', editable: true, min: 0, max: 10_000, width: 100 },
    retired: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    event_params: { type: 'json', hidden: true, width: 250 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['fsm_event_roles'],
});
