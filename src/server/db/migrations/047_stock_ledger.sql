-- Warehouse and stock ledger (issue 23). Stock is never typed: every change is a movement
-- (receipt, pick, transfer, correction) written by the document that causes it, in that
-- document's transaction, and on-hand stock per storage (stock_levels) and per product
-- (products.stock_qty) follow from the movements by one statement trigger. Shelves stand
-- along the pick path (walk_order); storages (bins) sit on shelves.

create table app.shelves (
  shelf_id serial primary key,
  company_code text not null references app.companies,
  shelf_code text not null check (shelf_code ~ '^[A-Za-z0-9._/-]{1,20}$'),
  description text not null default '',
  -- The shelf's place along the pick path: pick lists walk the shelves in this order.
  walk_order int not null default 0 check (walk_order >= 0),
  row_version int not null default 1,
  unique (company_code, shelf_code)
);

create table app.storages (
  storage_id serial primary key,
  company_code text not null references app.companies,
  shelf_id int not null references app.shelves,
  storage_code text not null check (storage_code ~ '^[A-Za-z0-9._/-]{1,30}$'),
  -- Level 1 is the floor; position counts along the shelf in walking direction.
  level smallint not null default 1 check (level between 1 and 30),
  position smallint not null default 1 check (position between 1 and 999),
  active boolean not null default true,
  row_version int not null default 1,
  unique (company_code, storage_code)
);
create index storages_shelf on app.storages (shelf_id);

create function app.storages_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.company_code is distinct from old.company_code then
    raise exception 'a storage keeps its company' using errcode = '23514', constraint = 'stock_company';
  end if;
  if not exists (select 1 from app.shelves where shelf_id = new.shelf_id and company_code = new.company_code) then
    raise exception 'the shelf is another company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  return new;
end $$;
create trigger storages_before_write before insert or update on app.storages
  for each row execute function app.storages_before_write();

-- The ledger: append-only. A movement names the document that wrote it (kind + doc_id:
-- a purchase receipt, a pick list line, a transfer, a correction).
create table app.stock_movements (
  movement_id bigserial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on update cascade,
  storage_id int not null references app.storages,
  quantity numeric(14, 3) not null check (quantity <> 0),
  kind text not null check (kind in ('receipt', 'pick', 'transfer', 'correction')),
  doc_id int not null,
  -- Receipts: the landed cost of one unit in the company currency.
  unit_cost numeric(14, 4),
  reason text not null default '',
  user_id int references app.users on delete set null,
  moved_at timestamptz not null default now()
);
create index stock_movements_product on app.stock_movements (product_code, moved_at);
create index stock_movements_company_time on app.stock_movements (company_code, moved_at);
create index stock_movements_doc on app.stock_movements (kind, doc_id);

-- On-hand stock per product and storage: the sum of the movements, kept by the trigger below.
create table app.stock_levels (
  product_code text not null references app.products on update cascade,
  storage_id int not null references app.storages,
  company_code text not null references app.companies,
  on_hand numeric(14, 3) not null,
  primary key (product_code, storage_id),
  constraint stock_not_negative check (on_hand >= 0)
);
create index stock_levels_storage on app.stock_levels (storage_id);
create index stock_levels_company on app.stock_levels (company_code, product_code);

-- Movements are facts: never changed or removed (a product code's rename follows them).
create function app.stock_movements_fixed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (new.movement_id, new.company_code, new.storage_id, new.quantity, new.kind, new.doc_id, new.unit_cost, new.moved_at)
     is not distinct from (old.movement_id, old.company_code, old.storage_id, old.quantity, old.kind, old.doc_id, old.unit_cost, old.moved_at) then
    return new;
  end if;
  raise exception 'stock movements are never changed: a correction is a new movement' using errcode = '23514', constraint = 'stock_ledger_append_only';
end $$;
create trigger stock_movements_fixed before update or delete on app.stock_movements
  for each row execute function app.stock_movements_fixed();

-- One statement's movements applied at once (a seed or a receipt of many lines is one
-- upsert): product and storage of the movement's company, levels and products.stock_qty
-- moved by the sums; a level below zero fails the statement (stock_not_negative) and with
-- it the document that wrote it. Concurrent picks of the last unit: the level row is
-- locked by the first upsert, the second sees it at zero and fails.
create function app.stock_movements_applied() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from moved m
    left join app.products p on p.product_code = m.product_code
    left join app.storages s on s.storage_id = m.storage_id
    where p.company_code is distinct from m.company_code or s.company_code is distinct from m.company_code
  ) then
    raise exception 'the product and the storage must be the movement''s company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  -- Levels that exist move first (a check sees an upsert's proposed row, not the sum: a pick
  -- cannot be an upsert), then the new ones are made (a concurrent first receipt adds up).
  update app.stock_levels l set on_hand = l.on_hand + d.q
  from (select m.product_code, m.storage_id, sum(m.quantity) as q from moved m group by m.product_code, m.storage_id) d
  where l.product_code = d.product_code and l.storage_id = d.storage_id;
  insert into app.stock_levels as l (product_code, storage_id, company_code, on_hand)
  select m.product_code, m.storage_id, min(m.company_code), sum(m.quantity) from moved m
  where not exists (select 1 from app.stock_levels x where x.product_code = m.product_code and x.storage_id = m.storage_id)
  group by m.product_code, m.storage_id
  order by m.product_code, m.storage_id
  on conflict (product_code, storage_id) do update set on_hand = l.on_hand + excluded.on_hand;
  perform set_config('app.stock_ledger', 'on', true);
  update app.products p set stock_qty = p.stock_qty + d.q
  from (select m.product_code, sum(m.quantity) as q from moved m group by m.product_code) d
  where p.product_code = d.product_code and d.q <> 0;
  perform set_config('app.stock_ledger', '', true);
  return null;
end $$;
create trigger stock_movements_applied after insert on app.stock_movements
  referencing new table as moved for each statement execute function app.stock_movements_applied();

-- products.stock_qty is the ledger's: a product starts with none, and only the trigger above moves it.
create function app.products_stock_from_ledger() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.stock_qty <> 0 then
      raise exception 'stock comes from the stock ledger' using errcode = '23514', constraint = 'stock_from_ledger';
    end if;
  elsif new.stock_qty is distinct from old.stock_qty and current_setting('app.stock_ledger', true) is distinct from 'on' then
    raise exception 'stock comes from the stock ledger' using errcode = '23514', constraint = 'stock_from_ledger';
  end if;
  return new;
end $$;

-- Databases made before: each product's stock becomes an opening correction on a storage of
-- its company (a shelf 'OPEN' made for it), so the ledger explains every unit from now on.
do $$
declare
  c record;
  sh int;
  st int;
begin
  for c in select distinct company_code from app.products where stock_qty <> 0 loop
    insert into app.shelves (company_code, shelf_code, description) values (c.company_code, 'OPEN', 'Opening stock') returning shelf_id into sh;
    insert into app.storages (company_code, shelf_id, storage_code) values (c.company_code, sh, 'OPEN-1') returning storage_id into st;
    insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, reason)
    select c.company_code, p.product_code, st, p.stock_qty, 'correction', 0, 'opening balance'
    from app.products p where p.company_code = c.company_code and p.stock_qty > 0;
  end loop;
end $$;
-- (The loop above added each product's stock again: set it back to the ledger's sum.)
update app.products p set stock_qty = coalesce((select sum(l.on_hand) from app.stock_levels l where l.product_code = p.product_code), 0);
create trigger products_stock_from_ledger before insert or update on app.products
  for each row execute function app.products_stock_from_ledger();

-- Transfers between storages and stock corrections: documents a user writes in a grid,
-- each writing its movements in its own transaction by its insert trigger. Both are
-- immutable once written (a mistake is corrected by another document).
create table app.stock_transfers (
  transfer_id serial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on update cascade,
  from_storage_id int not null references app.storages,
  to_storage_id int not null references app.storages,
  quantity numeric(14, 3) not null,
  reason text not null default '',
  user_id int references app.users on delete set null,
  moved_at timestamptz not null default now(),
  row_version int not null default 1,
  constraint quantity_positive check (quantity > 0),
  constraint transfer_storages_differ check (from_storage_id <> to_storage_id)
);
create table app.stock_corrections (
  correction_id serial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on update cascade,
  storage_id int not null references app.storages,
  -- Units added (positive) or removed (negative): a count found more or fewer.
  quantity numeric(14, 3) not null check (quantity <> 0),
  reason text not null,
  user_id int references app.users on delete set null,
  moved_at timestamptz not null default now(),
  row_version int not null default 1,
  constraint correction_reason check (length(btrim(reason)) > 0)
);

create function app.stock_document_written() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    raise exception 'a stock document is never changed: write another one' using errcode = '23514', constraint = 'stock_ledger_append_only';
  end if;
  new.user_id := coalesce(new.user_id, nullif(current_setting('app.user_id', true), '')::int);
  return new;
end $$;
create trigger stock_transfers_fixed before insert or update or delete on app.stock_transfers
  for each row execute function app.stock_document_written();
create trigger stock_corrections_fixed before insert or update or delete on app.stock_corrections
  for each row execute function app.stock_document_written();

create function app.stock_transfers_move() returns trigger language plpgsql as $$
begin
  insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, reason, user_id, moved_at)
  select t.company_code, t.product_code, x.storage_id, x.quantity, 'transfer', t.transfer_id, t.reason, t.user_id, t.moved_at
  from new_rows t cross join lateral (values (t.from_storage_id, -t.quantity), (t.to_storage_id, t.quantity)) x(storage_id, quantity);
  return null;
end $$;
create trigger stock_transfers_move after insert on app.stock_transfers
  referencing new table as new_rows for each statement execute function app.stock_transfers_move();

create function app.stock_corrections_move() returns trigger language plpgsql as $$
begin
  insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, reason, user_id, moved_at)
  select c.company_code, c.product_code, c.storage_id, c.quantity, 'correction', c.correction_id, c.reason, c.user_id, c.moved_at from new_rows c;
  return null;
end $$;
create trigger stock_corrections_move after insert on app.stock_corrections
  referencing new table as new_rows for each statement execute function app.stock_corrections_move();

-- Where a product's packs live by default (receipts are put there; spec "product pack
-- storages"): a product may be packed in several numbered packs, each with its home.
create table app.product_pack_storages (
  pack_storage_id serial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on update cascade on delete cascade,
  -- <product_code>/<pack_no>: the pack's label code.
  pack_no smallint not null default 1 check (pack_no between 1 and 99),
  storage_id int not null references app.storages,
  row_version int not null default 1,
  unique (product_code, pack_no, storage_id)
);
create index product_pack_storages_storage on app.product_pack_storages (storage_id);

create function app.stock_company_check() returns trigger language plpgsql as $$
declare
  j jsonb := to_jsonb(new);
begin
  if (j ? 'product_code' and not exists (select 1 from app.products where product_code = j ->> 'product_code' and company_code = new.company_code))
     or exists (
       select 1 from (values (j ->> 'storage_id'), (j ->> 'from_storage_id'), (j ->> 'to_storage_id')) s(id)
       where s.id is not null and not exists (select 1 from app.storages where storage_id = s.id::int and company_code = new.company_code)
     ) then
    raise exception 'the product and the storages must be the company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  return new;
end $$;
create trigger stock_transfers_company before insert on app.stock_transfers for each row execute function app.stock_company_check();
create trigger stock_corrections_company before insert on app.stock_corrections for each row execute function app.stock_company_check();
create trigger product_pack_storages_company before insert or update on app.product_pack_storages for each row execute function app.stock_company_check();
