-- Workflows (spec §3 "Workflow", §4 "Workflow engine"): finite-state machines whose
-- instances belong to records (a sales order, a purchase order, a cashflow item). The
-- definitions are shared by all companies; an instance belongs to one company.

create table app.fsm_types (
  type_code text primary key check (type_code ~ '^[a-z][a-z0-9_]{0,39}$'),
  type_names jsonb not null default '{}'::jsonb,
  -- The event a due timeout fires (a transition's `timeout` after it entered the state).
  timeout_event_code text,
  -- The event fired on every instance each default_loop_interval seconds (null: no loop).
  on_loop text,
  default_loop_interval int,
  -- The page whose `set` permission lets a user trigger events of this type.
  page_code text not null references app.backend_pages on update cascade,
  row_version int not null default 1
);
alter table app.fsm_types add constraint fsm_loop_interval check (on_loop is null or default_loop_interval >= 1);

create table app.fsm_states (
  state_id serial primary key,
  type_code text not null references app.fsm_types on update cascade,
  state_code text not null check (state_code ~ '^[a-z][a-z0-9_]{0,39}$'),
  state_names jsonb not null default '{}'::jsonb,
  initial_state boolean not null default false,
  final_state boolean not null default false,
  show_in_filters boolean not null default true,
  row_version int not null default 1,
  unique (type_code, state_code),
  -- Transitions and instances name (type, state): a state of another type cannot be used.
  unique (type_code, state_id)
);

create table app.fsm_events (
  event_id serial primary key,
  type_code text not null references app.fsm_types on update cascade,
  event_code text not null check (event_code ~ '^[a-z][a-z0-9_]{0,39}$'),
  event_names jsonb not null default '{}'::jsonb,
  -- How the UI offers it: bv_variant, bv_icon, checkbox (its label per language), email (asks for a body).
  event_params jsonb not null default '{}'::jsonb check (jsonb_typeof(event_params) = 'object'),
  row_version int not null default 1,
  unique (type_code, event_code)
);

alter table app.fsm_types
  add foreign key (type_code, timeout_event_code) references app.fsm_events (type_code, event_code),
  add foreign key (type_code, on_loop) references app.fsm_events (type_code, event_code);

create table app.fsm_transitions (
  transition_id serial primary key,
  type_code text not null references app.fsm_types on update cascade,
  event_code text not null,
  from_state_id int not null,
  to_state_id int not null,
  -- Seconds after entering to_state until the type's timeout event is due (null: none).
  timeout int,
  position int not null default 0,
  show_in_fsm_actions boolean not null default true,
  show_in_fsm_buttons boolean not null default false,
  row_version int not null default 1,
  foreign key (type_code, event_code) references app.fsm_events (type_code, event_code),
  foreign key (type_code, from_state_id) references app.fsm_states (type_code, state_id),
  foreign key (type_code, to_state_id) references app.fsm_states (type_code, state_id),
  -- An event leads from a state to one state: triggering is deterministic.
  unique (type_code, event_code, from_state_id)
);
alter table app.fsm_transitions add constraint fsm_timeout_positive check (timeout is null or timeout >= 1);
create index on app.fsm_transitions (from_state_id, position);
create index on app.fsm_transitions (to_state_id);

-- A type with states has exactly one initial state (checked at commit: a change of the
-- initial state moves the flag in two rows).
create function app.fsm_states_one_initial() returns trigger language plpgsql as $$
declare
  t text;
begin
  foreach t in array array[case when tg_op <> 'INSERT' then old.type_code end, case when tg_op <> 'DELETE' then new.type_code end] loop
    if t is not null and exists (select 1 from app.fsm_states s where s.type_code = t)
       and (select count(*) from app.fsm_states s where s.type_code = t and s.initial_state) <> 1 then
      raise exception 'workflow type % needs exactly one initial state', t using errcode = '23514', constraint = 'fsm_initial_state';
    end if;
  end loop;
  return null;
end $$;

create constraint trigger fsm_states_one_initial after insert or update or delete on app.fsm_states
  deferrable initially deferred for each row execute function app.fsm_states_one_initial();

create table app.fsm_instances (
  fsm_instance_id bigint generated always as identity primary key,
  type_code text not null references app.fsm_types on update cascade,
  company_code text not null references app.companies on update cascade,
  state_id int not null,
  entered_at timestamptz not null,
  -- When the type's timeout event fires (the timeout of the transition that entered the state).
  due_at timestamptz,
  -- When the type's loop event fires next (types with on_loop; none in a final state).
  next_loop_at timestamptz,
  row_version int not null default 1,
  foreign key (type_code, state_id) references app.fsm_states (type_code, state_id)
);
create index on app.fsm_instances (company_code, type_code, state_id);
-- The scheduler's claims: only instances with something due are indexed.
create index fsm_instances_due on app.fsm_instances (due_at) where due_at is not null;
create index fsm_instances_loop on app.fsm_instances (next_loop_at) where next_loop_at is not null;

create table app.fsm_history (
  history_id bigint generated always as identity primary key,
  fsm_instance_id bigint not null references app.fsm_instances on delete cascade,
  -- null: the instance's creation.
  from_state_id int references app.fsm_states,
  to_state_id int not null references app.fsm_states,
  -- null: the creation.
  event_code text,
  params jsonb not null default '{}'::jsonb,
  -- null: the scheduler (a timeout or a loop), or the system that created the instance.
  user_id int references app.users on delete set null,
  at timestamptz not null
);
create index on app.fsm_history (fsm_instance_id, history_id);

-- The actions a state offers (spec §7 fsm_actions), in position order: list views of
-- workflow records select app.fsm_actions(state_id).
create function app.fsm_actions(p_state_id int) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('event_code', e.event_code, 'event_names', e.event_names, 'params', e.event_params)
                            order by t.position, t.transition_id), '[]'::jsonb)
  from app.fsm_transitions t
  join app.fsm_events e on e.type_code = t.type_code and e.event_code = t.event_code
  where t.from_state_id = p_state_id and t.show_in_fsm_actions
$$;

-- A move along a transition: the instance's new state, its timeout and loop, its history
-- row. The one place both the trigger call and the scheduler change an instance.
create function app.fsm_move(p_instance bigint, p_transition int, p_user int, p_params jsonb, p_at timestamptz) returns void language plpgsql as $$
declare
  tr app.fsm_transitions;
  is_final boolean;
begin
  select * into strict tr from app.fsm_transitions where transition_id = p_transition;
  select final_state into strict is_final from app.fsm_states where state_id = tr.to_state_id;
  update app.fsm_instances i set
    state_id = tr.to_state_id,
    entered_at = p_at,
    due_at = case when tr.timeout is null or is_final then null else p_at + make_interval(secs => tr.timeout) end,
    next_loop_at = case when is_final then null else i.next_loop_at end,
    row_version = i.row_version + 1
  where i.fsm_instance_id = p_instance and i.type_code = tr.type_code and i.state_id = tr.from_state_id;
  if not found then
    raise exception 'instance % is not in the transition''s from state', p_instance using errcode = '40001';
  end if;
  insert into app.fsm_history (fsm_instance_id, from_state_id, to_state_id, event_code, params, user_id, at)
  values (p_instance, tr.from_state_id, tr.to_state_id, tr.event_code, coalesce(p_params, '{}'::jsonb), p_user, p_at);
end $$;

-- A new instance of a type in its company, in the type's initial state, with its first
-- history row (from null); a looping type's first loop is one interval away.
create function app.fsm_create(p_type text, p_company text, p_user int default null, p_at timestamptz default now()) returns bigint language plpgsql as $$
declare
  st int;
  ty app.fsm_types;
  id bigint;
begin
  select * into ty from app.fsm_types where type_code = p_type;
  if not found then
    raise exception 'no workflow type %', p_type using errcode = '23503';
  end if;
  select state_id into st from app.fsm_states where type_code = p_type and initial_state;
  if st is null then
    raise exception 'workflow type % needs exactly one initial state', p_type using errcode = '23514', constraint = 'fsm_initial_state';
  end if;
  insert into app.fsm_instances (type_code, company_code, state_id, entered_at, next_loop_at)
  values (p_type, p_company, st, p_at, case when ty.on_loop is not null then p_at + make_interval(secs => ty.default_loop_interval) end)
  returning fsm_instance_id into id;
  insert into app.fsm_history (fsm_instance_id, from_state_id, to_state_id, event_code, params, user_id, at)
  values (id, null, st, null, '{}'::jsonb, p_user, p_at);
  return id;
end $$;
