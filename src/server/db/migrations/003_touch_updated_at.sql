-- Every update of a product stamps updated_at, whoever writes it (engine, custom action, SQL).
create function app.touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

create trigger products_touch_updated_at before update on app.products
  for each row execute function app.touch_updated_at();
