import { defineScreen } from '../../schemas/screen.ts';

/** Workflow events by their type's and their own names ('Sales order · Cancel': types share event names). */
export default defineScreen({
  form: 'fsm_events_brief',
  access: 'authenticated',
  source: {
    relation: 'app.v_fsm_events_brief',
    key: 'event_id',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'event_id', sort: 'asc' },
    ],
  },
  columns: { event_id: { type: 'int' }, event_names: { type: 'multi' }, type_code: {}, event_code: {} },
});
