-- The drafts' list (/purchasing/new_purchase_order) shows and writes the account a purchase
-- order is booked to (spec §3; 107 gave it to purchase orders): its view, made in 048 as
-- `select *` of the orders' view, is made again to take 107's column.
drop view if exists app.v_new_purchase_orders;
create view app.v_new_purchase_orders as select * from app.v_purchase_orders where state_code = 'draft';
