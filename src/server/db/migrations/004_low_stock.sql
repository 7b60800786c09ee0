-- Purchasing: products kept in stock (keep_in_stock 1 = yes, 2 = on order) whose free
-- stock (stock − reserved) is used up, with what is already on order.
create view app.v_low_stock as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.stock_qty, p.qty,
       p.stock_qty - p.qty as free_qty, p.order_qty, p.keep_in_stock, p.purchase_time, p.delivery_time
from app.products p
left join app.brands b on b.brand_id = p.brand_id
where p.active and p.keep_in_stock in (1, 2) and p.stock_qty - p.qty <= 0;
