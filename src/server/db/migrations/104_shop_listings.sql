-- Shop listings made in the back office (issue 46): a product is added to a shop, removed,
-- reordered, and shown under categories of that shop besides its main category.

-- A listing added without a position goes last in its shop; one published without a date
-- gets the moment it was published (the storefront's "newest" order). A listing's product
-- and shop belong to one company.
alter table app.shop_products alter column position drop default;

create function app.shop_products_defaults() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.shop_id is distinct from old.shop_id or new.product_code is distinct from old.product_code then
    if not exists (select 1 from app.shops s join app.products p on p.company_code = s.company_code
                   where s.shop_id = new.shop_id and p.product_code = new.product_code) then
      raise exception 'product % and shop % belong to different companies', new.product_code, new.shop_id
        using errcode = '23514', constraint = 'shop_product_same_company';
    end if;
  end if;
  if new.position is null then
    select coalesce(max(sp.position), 0) + 1 into new.position from app.shop_products sp where sp.shop_id = new.shop_id;
  end if;
  if new.published and new.published_at is null and (tg_op = 'INSERT' or not old.published) then
    new.published_at := now();
  end if;
  return new;
end $$;

create trigger shop_products_defaults before insert or update on app.shop_products
  for each row execute function app.shop_products_defaults();

-- The categories a listing shows under in its shop besides the product's main category
-- (the storefront: a category page lists a product whose main category or one of these lies
-- in the category's subtree). Removing the listing removes them.
create table app.shop_product_categories (
  shop_id int not null,
  product_code text not null,
  product_category_id int not null references app.product_categories on delete cascade,
  row_version int not null default 1,
  primary key (shop_id, product_code, product_category_id),
  constraint shop_product_categories_listing foreign key (shop_id, product_code)
    references app.shop_products (shop_id, product_code) on delete cascade on update cascade
);
create index shop_product_categories_category on app.shop_product_categories (product_category_id);

create view app.v_shop_product_categories as
select x.shop_id, s.company_code, x.product_code, x.product_category_id, x.row_version
from app.shop_product_categories x
join app.shops s on s.shop_id = x.shop_id;

-- The listing's own categories as the grids show them (read only): per language, their names in
-- the categories' order.
create or replace view app.v_shop_products as
select sp.shop_id, s.company_code, s.currency_code, sp.product_code, p.product_name, p.selling_price_shop,
       sp.shop_price, sp.published, sp.published_at, sp.position, p.active, sp.row_version,
       (select coalesce(jsonb_object_agg(n.lang, n.names), '{}'::jsonb)
          from (select e.key as lang, string_agg(e.value, ', ' order by c.position, c.product_category_id) as names
                from app.shop_product_categories x
                join app.product_categories c on c.product_category_id = x.product_category_id
                cross join lateral jsonb_each_text(c.product_category_names) e
                where x.shop_id = sp.shop_id and x.product_code = sp.product_code and e.value <> ''
                group by e.key) n) as listing_categories
from app.shop_products sp
join app.shops s on s.shop_id = sp.shop_id
join app.products p on p.product_code = sp.product_code;
