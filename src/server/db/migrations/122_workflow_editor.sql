-- The workflow editor (issue 48, point 3): states and events are added, renamed, reordered and
-- retired in the diagram and the /fsm grids; an event's button style and icon are chosen from
-- lists; an event may be reserved to roles; and no change to a definition strands a record.
--
-- - `position` orders a type's states (the board's columns, the diagram) and events; a new
--   one comes last. `retired`: kept for the history, no longer used — no transition leads into
--   a retired state or fires a retired event (app.fsm_live_transitions: the trigger call, the
--   scheduler, the records' actions), and fsm_move refuses to enter a retired state. The
--   initial state is never retired (rule fsm_initial_not_retired).
-- - `app.fsm_event_roles`: the roles whose users may press an event. None: everyone with the
--   events right on the type's page (094); some: only their users (active roles; a global
--   administrator always). Checked by the trigger call (src/server/workflow/trigger.ts). A role
--   named there cannot be deleted (in use): deleting it would open the event to everyone.
-- - `app.v_fsm_events`: the events screen's rows, the button's parts (bv_variant, bv_icon, the
--   confirmation's checkbox label, e-mail) as columns, written back into event_params (keys
--   of its own an event has are kept) by INSTEAD OF triggers; `app.v_fsm_event_roles`: the
--   checkbox grid of an event's roles (one row per role, like v_role_pages).
-- - Nothing strands a running instance, whoever writes (grid, diagram, import, psql):
--   fsm_state_occupied   a state holding instances is neither retired nor deleted;
--   fsm_no_way_out       at commit, every non-final state holding instances keeps a live
--                        transition out (a transition deleted or moved, its event retired, the
--                        state it leads to retired, the state made non-final).
--   Both name the state (in the actor's language) and the records (up to five of the companies
--   the actor works in: another company's records are counted, not named), as the detail's
--   JSON `params` (src/server/http/errors.ts adds them to the refusal).

alter table app.fsm_states add column position int, add column retired boolean not null default false;
alter table app.fsm_events add column position int, add column retired boolean not null default false;
-- The order the board used so far: the initial state first, the final ones last.
update app.fsm_states s set position = o.n
from (select state_id, row_number() over (partition by type_code order by initial_state desc, final_state, state_id)::int as n from app.fsm_states) o
where o.state_id = s.state_id;
update app.fsm_events e set position = o.n
from (select event_id, row_number() over (partition by type_code order by event_id)::int as n from app.fsm_events) o
where o.event_id = e.event_id;
-- The updated states' check of one initial state (035, deferred) now, so the table can be altered.
set constraints app.fsm_states_one_initial immediate;
set constraints app.fsm_states_one_initial deferred;
alter table app.fsm_states alter column position set not null;
alter table app.fsm_events alter column position set not null;
alter table app.fsm_states add constraint fsm_initial_not_retired check (not (initial_state and retired));

-- A state or event added without a position comes after its type's others.
create function app.fsm_position_last() returns trigger language plpgsql as $$
begin
  if new.position is null then
    execute format('select coalesce(max(position), 0) + 1 from %s where type_code = $1', tg_relid::regclass) into new.position using new.type_code;
  end if;
  return new;
end $$;
create trigger fsm_states_position before insert on app.fsm_states for each row execute function app.fsm_position_last();
create trigger fsm_events_position before insert on app.fsm_events for each row execute function app.fsm_position_last();

-- The checks below ask which instances a state holds.
create index fsm_instances_state on app.fsm_instances (state_id);

-- Transitions still in use: their event and the state they lead to are not retired.
create view app.fsm_live_transitions as
select t.* from app.fsm_transitions t
where not exists (select 1 from app.fsm_events e where e.type_code = t.type_code and e.event_code = t.event_code and e.retired)
  and not exists (select 1 from app.fsm_states s where s.state_id = t.to_state_id and s.retired);

-- A state's actions (039) along live transitions only.
create or replace function app.fsm_actions(p_state_id int) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('event_code', e.event_code, 'event_names', e.event_names, 'params', e.event_params,
                                               'menu', t.show_in_fsm_actions, 'button', t.show_in_fsm_buttons)
                            order by t.position, t.transition_id), '[]'::jsonb)
  from app.fsm_live_transitions t
  join app.fsm_events e on e.type_code = t.type_code and e.event_code = t.event_code
  where t.from_state_id = p_state_id and (t.show_in_fsm_actions or t.show_in_fsm_buttons)
$$;

-- A move (035) never enters a retired state: a transition read before its state was retired
-- fails like a move that lost a race (40001), and nothing moves.
create or replace function app.fsm_move(p_instance bigint, p_transition int, p_user int, p_params jsonb, p_at timestamptz) returns void language plpgsql as $$
declare
  tr app.fsm_transitions;
  is_final boolean;
  is_retired boolean;
begin
  select * into strict tr from app.fsm_transitions where transition_id = p_transition;
  select final_state, retired into strict is_final, is_retired from app.fsm_states where state_id = tr.to_state_id;
  if is_retired then
    raise exception 'the state % is retired', tr.to_state_id using errcode = '40001';
  end if;
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

-- ---------------------------------------------------------------------------------------
-- Naming what a refusal is about

-- A state's name in the actor's language (English, then its code).
create function app.fsm_state_name(p_state int) returns text language sql stable as $$
  select coalesce(nullif(s.state_names ->> coalesce((select u.language_code from app.users u where u.user_id = app.actor()), 'en'), ''),
                  nullif(s.state_names ->> 'en', ''), s.state_code)
  from app.fsm_states s where s.state_id = p_state
$$;

-- The refusal's params for the instances in a state: how many, and up to five of them by their
-- record's reference (a sales or purchase order's number, a cashflow item's invoice) — only
-- those of the companies the actor works in (without an actor, any); "…" when there are more.
create function app.fsm_instances_named(p_state int) returns jsonb language sql stable as $$
  with shown as (
    select i.fsm_instance_id as id
    from app.fsm_instances i
    where i.state_id = p_state
      and (app.actor() is null or exists (select 1 from app.user_companies uc where uc.user_id = app.actor() and uc.company_code = i.company_code))
    order by i.fsm_instance_id
    limit 5
  ), total as (select count(*)::int as n from app.fsm_instances where state_id = p_state)
  select jsonb_build_object(
    'state', app.fsm_state_name(p_state),
    'count', (select n from total),
    'instances', coalesce((select string_agg(coalesce(
                   (select o.fsm_reference from app.sales_orders o where o.fsm_instance_id = s.id),
                   (select p.fsm_reference from app.purchase_orders p where p.fsm_instance_id = s.id),
                   (select nullif(c.invoice_number, '') from app.cashflow_items c where c.fsm_instance_id = s.id),
                   '#' || s.id), ', ' order by s.id) from shown s), '')
      || case when (select n from total) > (select count(*) from shown) then ' …' else '' end)
$$;

-- Retiring or deleting a state that instances are in.
create function app.fsm_state_occupied() returns trigger language plpgsql as $$
begin
  -- The initial state is refused by its own rule (fsm_initial_not_retired), whoever is in it.
  if tg_op = 'UPDATE' and (old.retired or not new.retired or new.initial_state) then
    return new;
  end if;
  if exists (select 1 from app.fsm_instances i where i.state_id = old.state_id) then
    raise exception 'the workflow state % still holds instances', old.state_code
      using errcode = 'check_violation', constraint = 'fsm_state_occupied',
            detail = jsonb_build_object('params', app.fsm_instances_named(old.state_id))::text;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger fsm_state_occupied before update of retired or delete on app.fsm_states
  for each row execute function app.fsm_state_occupied();

-- Of these states, the first that is not final, holds instances and has no live way out: refused.
create function app.fsm_check_ways_out(p_states int[]) returns void language plpgsql as $$
declare
  st int;
begin
  select s.state_id into st from app.fsm_states s
  where s.state_id = any(p_states) and not s.final_state and not s.retired
    and not exists (select 1 from app.fsm_live_transitions t where t.from_state_id = s.state_id)
    and exists (select 1 from app.fsm_instances i where i.state_id = s.state_id)
  order by s.position, s.state_id
  limit 1;
  if st is not null then
    raise exception 'the change leaves instances in workflow state % without a way out', st
      using errcode = 'check_violation', constraint = 'fsm_no_way_out',
            detail = jsonb_build_object('params', app.fsm_instances_named(st))::text;
  end if;
end $$;

-- At commit (a transition replaced within one transaction is no loss): the states a change
-- may have left without a way out.
create function app.fsm_ways_out() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'fsm_transitions' then
    perform app.fsm_check_ways_out(array[old.from_state_id]);
  elsif tg_table_name = 'fsm_events' then
    perform app.fsm_check_ways_out(array(select t.from_state_id from app.fsm_transitions t where t.type_code = old.type_code and t.event_code = old.event_code));
  else
    perform app.fsm_check_ways_out(array(select t.from_state_id from app.fsm_transitions t where t.to_state_id = old.state_id) || old.state_id);
  end if;
  return null;
end $$;
create constraint trigger fsm_transitions_ways_out after update of type_code, event_code, from_state_id, to_state_id or delete on app.fsm_transitions
  deferrable initially deferred for each row execute function app.fsm_ways_out();
create constraint trigger fsm_events_ways_out after update of retired on app.fsm_events
  deferrable initially deferred for each row when (new.retired and not old.retired) execute function app.fsm_ways_out();
create constraint trigger fsm_states_ways_out after update of retired, final_state on app.fsm_states
  deferrable initially deferred for each row when ((new.retired and not old.retired) or (old.final_state and not new.final_state)) execute function app.fsm_ways_out();

-- ---------------------------------------------------------------------------------------
-- Who may press an event

create table app.fsm_event_roles (
  event_id int not null references app.fsm_events on delete cascade,
  -- No cascade: a role an event names is not deleted (409 in_use), it would open the event to everyone.
  role_id int not null references app.roles,
  primary key (event_id, role_id)
);
create index on app.fsm_event_roles (role_id);

-- One row per event and role (the second side from an array, as v_role_pages: the engine's
-- lock takes the event row only); `may_press` written by the trigger below.
create view app.v_fsm_event_roles as
select e.event_id, r.role_id, r.n::int as role_position,
       (select ro.role_code from app.roles ro where ro.role_id = r.role_id) as role_code,
       (select ro.role_name from app.roles ro where ro.role_id = r.role_id) as role_name,
       (select ro.active from app.roles ro where ro.role_id = r.role_id) as active,
       exists (select 1 from app.fsm_event_roles g where g.event_id = e.event_id and g.role_id = r.role_id) as may_press
from app.fsm_events e
cross join unnest(array(select ro.role_id from app.roles ro order by ro.role_code)) with ordinality as r(role_id, n);

create function app.v_fsm_event_roles_update() returns trigger language plpgsql as $$
begin
  if new.may_press then
    insert into app.fsm_event_roles (event_id, role_id) values (old.event_id, old.role_id) on conflict do nothing;
  else
    delete from app.fsm_event_roles where event_id = old.event_id and role_id = old.role_id;
  end if;
  return new;
end $$;
create trigger v_fsm_event_roles_update instead of update on app.v_fsm_event_roles for each row execute function app.v_fsm_event_roles_update();

-- ---------------------------------------------------------------------------------------
-- The events screen

-- event_params with the button's parts: the style and icon (absent when null), the
-- confirmation's checkbox label (absent when no language has one) and e-mail (absent when
-- false); any other key of `base` is kept.
create function app.fsm_event_params(base jsonb, variant text, icon text, checkbox jsonb, email boolean) returns jsonb language sql immutable as $$
  select (coalesce(base, '{}'::jsonb) - 'bv_variant' - 'bv_icon' - 'checkbox' - 'email')
         || case when nullif(variant, '') is not null then jsonb_build_object('bv_variant', variant) else '{}'::jsonb end
         || case when nullif(icon, '') is not null then jsonb_build_object('bv_icon', icon) else '{}'::jsonb end
         || case when jsonb_typeof(checkbox) = 'object' and exists (select 1 from jsonb_each_text(checkbox) x where btrim(x.value) <> '')
                 then jsonb_build_object('checkbox', checkbox) else '{}'::jsonb end
         || case when email then '{"email": true}'::jsonb else '{}'::jsonb end
$$;

create view app.v_fsm_events as
select e.event_id, e.type_code, e.event_code, e.event_names, e.position, e.retired,
       e.event_params ->> 'bv_variant' as bv_variant,
       e.event_params ->> 'bv_icon' as bv_icon,
       case when jsonb_typeof(e.event_params -> 'checkbox') = 'object' then e.event_params -> 'checkbox' end as checkbox,
       coalesce(e.event_params -> 'email' = 'true'::jsonb, false) as email,
       app.role_names(array(select g.role_id from app.fsm_event_roles g where g.event_id = e.event_id)) as role_names,
       e.event_params, e.row_version
from app.fsm_events e;

create function app.v_fsm_events_insert() returns trigger language plpgsql as $$
begin
  insert into app.fsm_events (event_id, type_code, event_code, event_names, event_params, position, retired)
  values (coalesce(new.event_id, nextval(pg_get_serial_sequence('app.fsm_events', 'event_id'))), new.type_code, new.event_code,
          coalesce(new.event_names, '{}'::jsonb), app.fsm_event_params(new.event_params, new.bv_variant, new.bv_icon, new.checkbox, coalesce(new.email, false)),
          new.position, coalesce(new.retired, false))
  returning event_id, position, event_params, row_version into new.event_id, new.position, new.event_params, new.row_version;
  new.retired := coalesce(new.retired, false);
  new.email := coalesce(new.email, false);
  return new;
end $$;
create trigger v_fsm_events_insert instead of insert on app.v_fsm_events for each row execute function app.v_fsm_events_insert();

-- The type and code are the event's identity (transitions and history name it by them): never changed here.
create function app.v_fsm_events_update() returns trigger language plpgsql as $$
begin
  update app.fsm_events set event_names = new.event_names, position = new.position, retired = new.retired,
         event_params = app.fsm_event_params(event_params, new.bv_variant, new.bv_icon, new.checkbox, new.email),
         row_version = new.row_version
  where event_id = old.event_id;
  return new;
end $$;
create trigger v_fsm_events_update instead of update on app.v_fsm_events for each row execute function app.v_fsm_events_update();

create function app.v_fsm_events_delete() returns trigger language plpgsql as $$
begin
  delete from app.fsm_events where event_id = old.event_id;
  return old;
end $$;
create trigger v_fsm_events_delete instead of delete on app.v_fsm_events for each row execute function app.v_fsm_events_delete();
