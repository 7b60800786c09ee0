-- Report speed (issue 23 "Speed"): company stocks' last twelve months read a daily summary
-- of the ledger, not the ledger. With a million movements the view aggregated two thirds of
-- a million ledger rows per page (index-only, but every one of them); per (company, storage,
-- day) a year is at most 366 rows a storage, and the part of the first day inside the twelve
-- months comes from the ledger through stock_movements_company_time_storage (a day's rows).
-- The totals are the same as the ledger's to the row: the view keeps `moved_at >= now() -
-- interval '12 months'`, split at the end of that day (UTC).

create table app.stock_movement_days (
  company_code text not null references app.companies,
  storage_id int not null references app.storages,
  -- The movements' day in UTC.
  day date not null,
  moved_in numeric(16, 3) not null default 0,
  moved_out numeric(16, 3) not null default 0,
  primary key (company_code, day, storage_id)
);

insert into app.stock_movement_days (company_code, storage_id, day, moved_in, moved_out)
select m.company_code, m.storage_id, (m.moved_at at time zone 'UTC')::date,
       coalesce(sum(m.quantity) filter (where m.quantity > 0), 0), coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)
from app.stock_movements m
group by 1, 2, 3;

-- The ledger's statement trigger (047) keeps the summary too: one upsert per statement,
-- the day rows in key order (concurrent statements lock them in the same order).
create or replace function app.stock_movements_applied() returns trigger language plpgsql as $$
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
  insert into app.stock_movement_days as d (company_code, storage_id, day, moved_in, moved_out)
  select m.company_code, m.storage_id, (m.moved_at at time zone 'UTC')::date,
         coalesce(sum(m.quantity) filter (where m.quantity > 0), 0), coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)
  from moved m
  group by 1, 2, 3
  order by 1, 3, 2
  on conflict (company_code, day, storage_id) do update set moved_in = d.moved_in + excluded.moved_in, moved_out = d.moved_out + excluded.moved_out;
  return null;
end $$;

-- Company stocks (050) with the same columns and totals: the moved part from the summary's
-- whole days after the first and the ledger's rows of the first day inside the twelve
-- months; joined on the company as well, so the report's `company_code = $1` reaches it.
create or replace view app.v_company_stocks as
with moved as (
  select x.company_code, x.storage_id, sum(x.moved_in) as moved_in, sum(x.moved_out) as moved_out
  from (
    select d.company_code, d.storage_id, d.moved_in, d.moved_out
    from app.stock_movement_days d
    where d.day > ((now() - interval '12 months') at time zone 'UTC')::date
    union all
    select m.company_code, m.storage_id, greatest(m.quantity, 0), greatest(-m.quantity, 0)
    from app.stock_movements m
    where m.moved_at >= now() - interval '12 months'
      and m.moved_at < (((now() - interval '12 months') at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC'
  ) x
  group by x.company_code, x.storage_id
),
held as (
  select l.company_code, l.storage_id, count(*) filter (where l.on_hand > 0) as products, sum(l.on_hand) as on_hand,
         sum(l.on_hand * coalesce(p.purchase_price_base, 0)) as stock_value
  from app.stock_levels l join app.products p on p.product_code = l.product_code
  group by l.company_code, l.storage_id
)
select sh.shelf_id, sh.company_code, sh.shelf_code, sh.description, sh.walk_order,
       count(distinct s.storage_id)::int as storage_count,
       coalesce(sum(h.products), 0)::int as products_in_stock, coalesce(sum(h.on_hand), 0) as stock_qty, round(coalesce(sum(h.stock_value), 0), 4) as stock_value,
       coalesce(sum(mv.moved_in), 0) as received_12m, coalesce(sum(mv.moved_out), 0) as picked_12m
from app.shelves sh
join app.storages s on s.shelf_id = sh.shelf_id
left join held h on h.company_code = sh.company_code and h.storage_id = s.storage_id
left join moved mv on mv.company_code = sh.company_code and mv.storage_id = s.storage_id
group by sh.shelf_id, sh.company_code, sh.shelf_code, sh.description, sh.walk_order;
