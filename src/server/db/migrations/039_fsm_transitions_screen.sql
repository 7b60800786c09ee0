-- The transitions screen (/fsm/fsm_transitions) and the workflow actions of list views.

-- Transitions with the names of their event: the event is named by (type, code), so it is
-- no one-key lookup; its names are shown beside the code, read-only. Writes go to the table.
create view app.v_fsm_transitions as
  select t.transition_id, t.type_code, t.event_code, e.event_names, t.from_state_id, t.to_state_id,
         t.timeout, t.position, t.show_in_fsm_actions, t.show_in_fsm_buttons, t.row_version
  from app.fsm_transitions t
  join app.fsm_events e on e.type_code = t.type_code and e.event_code = t.event_code;

-- States as a lookup: named with their type ('Sales order · Cancelled'), since types share
-- state names and a choice must be told apart.
create view app.v_fsm_states_brief as
  select s.state_id, s.type_code,
         (select coalesce(jsonb_object_agg(e.lang, coalesce(nullif(t.type_names ->> e.lang, ''), s.type_code) || ' · ' || e.name), '{}'::jsonb)
          from jsonb_each_text(s.state_names) as e(lang, name)) as state_names
  from app.fsm_states s
  join app.fsm_types t on t.type_code = s.type_code;

-- A transition's event and states belong to its type. The keys already refuse another
-- type's (as a reference to a missing row); this says what is wrong, in the user's language.
create function app.fsm_transition_type() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from app.fsm_events e where e.type_code = new.type_code and e.event_code = new.event_code)
     or not exists (select 1 from app.fsm_states s where s.type_code = new.type_code and s.state_id = new.from_state_id)
     or not exists (select 1 from app.fsm_states s where s.type_code = new.type_code and s.state_id = new.to_state_id) then
    raise exception 'a transition''s event and states belong to its workflow type %', new.type_code using errcode = '23514', constraint = 'fsm_transition_type';
  end if;
  return new;
end $$;

create trigger fsm_transition_type before insert or update of type_code, event_code, from_state_id, to_state_id on app.fsm_transitions
  for each row execute function app.fsm_transition_type();

-- A state's actions for list views: now also those shown only as a row's buttons, each
-- saying where it is offered (`menu`: show_in_fsm_actions, the toolbar's menu over the
-- picked rows; `button`: show_in_fsm_buttons, a button in the row). A transition shown in
-- neither (the scheduler's timeout) is still left out.
create or replace function app.fsm_actions(p_state_id int) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('event_code', e.event_code, 'event_names', e.event_names, 'params', e.event_params,
                                               'menu', t.show_in_fsm_actions, 'button', t.show_in_fsm_buttons)
                            order by t.position, t.transition_id), '[]'::jsonb)
  from app.fsm_transitions t
  join app.fsm_events e on e.type_code = t.type_code and e.event_code = t.event_code
  where t.from_state_id = p_state_id and (t.show_in_fsm_actions or t.show_in_fsm_buttons)
$$;
