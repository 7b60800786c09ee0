-- The saved view applied to the grid when its state was saved (the views menu marks it again
-- after a reload). Null for states saved before and for grids no view was applied to; a
-- deleted view leaves the state as it is, unmarked.
alter table app.user_grid_states add column view_id int references app.grid_views on delete set null;
