-- A company's own currency is worth 1 of itself from the day it exists (issue 46): a company
-- created on the companies screen has no other rate yet, and the view currency (its own by
-- default) and every conversion need that one. The seed and the first administrator's company
-- take it from here too. Companies of an earlier release without it get it now.
create function app.company_own_rate() returns trigger language plpgsql as $$
begin
  insert into app.currency_rate_days (company_code, currency_code, rate, rate_date, source)
  values (new.company_code, new.currency_code, 1, current_date, 'initial')
  on conflict (company_code, currency_code, rate_date) do nothing;
  return null;
end $$;
create trigger companies_own_rate after insert on app.companies for each row execute function app.company_own_rate();

insert into app.currency_rate_days (company_code, currency_code, rate, rate_date, source)
select c.company_code, c.currency_code, 1, current_date, 'initial'
from app.companies c
join app.currencies cur on cur.currency_code = c.currency_code
where not exists (select 1 from app.currency_rate_days d where d.company_code = c.company_code and d.currency_code = c.currency_code)
on conflict (company_code, currency_code, rate_date) do nothing;
