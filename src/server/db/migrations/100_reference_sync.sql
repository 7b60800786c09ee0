-- Reference data follows the repository on every start (issue 45): the menu, the
-- administrator role's grants, the workflow definitions, the languages, currencies,
-- countries, product types and packing templates were seeded only into a new database, so a
-- screen added after go-live could not be opened on an existing one. The start
-- (src/server/db/referenceSync.ts) now adds what the definitions have and the database lacks,
-- never changing or removing a row a user may have edited.
--
-- One row: the hash of the definitions the database last followed (an unchanged start reads
-- only this) and their natural keys ('page:settings.users', 'event:sales_order.pay', …). A key
-- the last sync already knew and the database no longer has was removed by a user, and stays
-- removed; only keys new to the repository are added. A database no sync has seen (one made
-- before this migration) has no row: everything missing is added once.
create table app.reference_sync (
  id boolean primary key default true check (id),
  definitions_hash text not null,
  known_keys jsonb not null default '[]'
);
