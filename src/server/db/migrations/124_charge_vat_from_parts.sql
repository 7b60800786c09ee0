-- One apportioning of a charge's VAT, not two: app.charge_vat (099, the order's view) is now
-- the sum of app.charge_parts (113, the invoice's lines), so an order and its invoice cannot
-- disagree by a cent. Charges are never negative (076's checks), where the two bodies agreed.
create or replace function app.charge_vat(p_gross numeric, p_rates numeric[], p_nets numeric[], p_digits int, p_default_rate numeric) returns numeric language sql immutable as $$
  select coalesce(sum(p.vat), 0) from app.charge_parts(p_gross, p_rates, p_nets, p_digits, p_default_rate) p
$$;
