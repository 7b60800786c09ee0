-- Reports over sales (issue 23 point 5): detailed sales and the 80 % list (ABC / Pareto).

-- Detailed sales: one row per order line, with its order (opened_on is the day sold), the
-- customer, the product with its brand and main category, and the line's amounts in the
-- order currency and, for sums across currencies, in the company currency (amount × the
-- company's rate of the order currency, unrounded; the grid shows it in the view currency
-- like every company-currency money column).
-- Orders marked deleted and cancelled orders are left out: neither is a sale, and a report
-- of sales that counts them by default misleads. Every other state is shown (state_code,
-- state_names) so the user can narrow the report to delivered orders or open ones.
create view app.v_sales_detailed as
select it.item_id, o.company_code, o.order_id, o.opened_on as sold_on, to_char(o.opened_on, 'YYYY-MM') as sold_month,
       o.fsm_reference as order_reference, s.state_code, s.state_names, o.partner_id, pa.partner_name,
       it.product_code, p.product_name, b.brand_name, p.main_product_category_id as product_category_id,
       it.quantity, it.net_amount, it.vat_amount, it.gross_amount, o.currency_code,
       case when o.currency_code = co.currency_code then it.net_amount else it.net_amount * r.rate end as net_company,
       case when o.currency_code = co.currency_code then it.vat_amount else it.vat_amount * r.rate end as vat_company,
       case when o.currency_code = co.currency_code then it.gross_amount else it.gross_amount * r.rate end as gross_company
from app.v_sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.companies co on co.company_code = o.company_code
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.products p on p.product_code = it.product_code
left join app.brands b on b.brand_id = p.brand_id
left join app.company_currency_rates r on r.company_code = o.company_code and r.currency_code = o.currency_code
where not o.deleted and s.state_code <> 'cancelled';

-- The 80 % list: a company's products ranked by what they sold in a period (days from..to,
-- each bound optional), by net revenue in the company currency or by quantity. share and
-- cumulative_share are percentages of the period's total (4 decimals); the class reads the
-- exact cumulative sum: A while it stays within 80 % of the total, B within 95 %, else C.
-- Ties rank by product code, so the order (and the classes) are deterministic. Products that
-- sold nothing (or a net zero) in the period are not listed.
-- A function, not a view: the shares depend on the period. The api_action engine calls it
-- with the session's company and the values of the descriptor's `source.params` columns,
-- which it echoes so the list's ordinary filters and company scope apply to its rows.
create function app.list_80_percent(p_company text, p_from date, p_to date, p_measure text)
returns table (
  company_code text, product_code text, product_name jsonb, brand_name text, date_from date, date_to date, measure text,
  sales_rank int, quantity numeric, revenue numeric, share numeric, cumulative_share numeric, abc_class text
)
language sql stable as $$
  with sold as (
    select d.product_code, sum(d.quantity) as quantity, sum(d.net_company) as revenue
    from app.v_sales_detailed d
    where d.company_code = p_company and (p_from is null or d.sold_on >= p_from) and (p_to is null or d.sold_on <= p_to)
    group by d.product_code
  ),
  measured as (
    select s.*, case when coalesce(p_measure, 'revenue') = 'quantity' then s.quantity else s.revenue end as v from sold s
  ),
  ranked as (
    select m.*, row_number() over w as n, sum(m.v) over w as running, sum(m.v) over () as total
    from measured m
    where m.v > 0
    window w as (order by m.v desc, m.product_code rows between unbounded preceding and current row)
  )
  select p_company, r.product_code, p.product_name, b.brand_name, p_from, p_to, coalesce(p_measure, 'revenue'),
         r.n::int, r.quantity, r.revenue, round(r.v * 100 / r.total, 4), round(r.running * 100 / r.total, 4),
         case when r.running * 100 <= r.total * 80 then 'A' when r.running * 100 <= r.total * 95 then 'B' else 'C' end
  from ranked r
  join app.products p on p.product_code = r.product_code
  left join app.brands b on b.brand_id = p.brand_id
$$;
