-- The grid at full strength: per-user grid state, saved views, undo by change-log row.

-- Column state, sort and filters of a grid, per user per screen (form).
create table app.user_grid_states (
  user_id int not null references app.users on delete cascade,
  form text not null,
  state jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, form)
);

-- Named grid states: personal, or shared with everyone who may list the form.
create table app.grid_views (
  view_id serial primary key,
  form text not null,
  owner_user_id int not null references app.users on delete cascade,
  name text not null check (length(name) between 1 and 100),
  shared boolean not null default false,
  state jsonb not null,
  row_version int not null default 1,
  updated_at timestamptz not null default now(),
  unique (form, owner_user_id, name)
);
create index grid_views_shared on app.grid_views (form) where shared;

-- The row a change is about, as a JSON array of its key values (entity_id joins them with '/',
-- which is ambiguous for compound keys and keys containing '/'). Undo reads it.
alter table app.product_change_log add column entity_key jsonb;
