-- Box 20 of the CMR note, "To be paid by": who pays the carriage charges — the sender (the
-- company, the default: it ships at its own cost) or the consignee. Printed in the box in the
-- note's language (src/server/print/cmrNote.ts).
alter table app.cmr_notes
  add column paid_by text not null default 'sender' constraint cmr_notes_paid_by_check check (paid_by in ('sender', 'consignee'));

create or replace view app.v_cmr_notes as
select n.cmr_id, n.company_code, n.cmr_number, n.order_id, o.fsm_reference as order_reference, n.invoice_no, n.consignee, n.place_of_delivery,
       n.taking_over_place, n.taking_over_date, n.marks, n.packages, n.packing, n.hs_name, n.hs_code, n.weight, n.volume, n.carrier,
       n.successive_carriers, n.remarks, n.sender_instructions, n.payment_instructions, n.special_agreements,
       -- The printed note, relative to the list's page (/<lang>/sales/cmr): the link keeps the UI language.
       '../print/cmr_notes_print?cmr_id=' || n.cmr_id as print_url, n.row_version, n.paid_by
from app.cmr_notes n
left join app.sales_orders o on o.order_id = n.order_id;
