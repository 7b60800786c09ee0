-- Spec §7: the workflow events as a brief (the lists fsm_types, fsm_events, fsm_states),
-- named "Type · Event" like the states (types share event names: cancel, pay).
create view app.v_fsm_events_brief as
  select e.event_id, e.type_code, e.event_code,
         (select coalesce(jsonb_object_agg(n.lang, coalesce(nullif(t.type_names ->> n.lang, ''), e.type_code) || ' · ' || n.name), '{}'::jsonb)
          from jsonb_each_text(e.event_names) as n(lang, name)) as event_names
  from app.fsm_events e
  join app.fsm_types t on t.type_code = e.type_code;
