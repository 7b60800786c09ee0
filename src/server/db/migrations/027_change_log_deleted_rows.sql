-- What a delete took, kept so that its undo can put it back: the deleted row as stored (every
-- column, not only the descriptor's fields that `before` holds) and every row the database's
-- ON DELETE CASCADE foreign keys removed with it, recursively: a JSON array of
-- {"table": "app.product_images", "depth": 1, "row": {…}}, the deleted row first (depth 0),
-- then by depth (a row before the rows that reference it). Null for other actions and for
-- deletes logged before this column existed (those cannot be undone).
alter table app.product_change_log add column deleted_rows jsonb;
