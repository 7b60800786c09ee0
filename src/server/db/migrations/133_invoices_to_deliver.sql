-- Issue 47: every issued invoice and credit note is delivered — its copy kept on its order's
-- Documents tab and its mail to the customer queued — whichever path issued it. The database
-- issues invoices at the company's point from any move of a sales order (128): a user's
-- event, a payment recorded on the order or on the cash flow, the workflow scheduler, the
-- stock pass, SQL. Each issue leaves a row here, tagged with its top-level transaction; the
-- server's one delivering function (src/server/invoices/deliver.ts) takes the rows of its own
-- transaction before it commits, and the workflow scheduler takes committed rows nobody took
-- (a writer outside the server). A row exists only while its document waits: taken, it goes.
-- The demo seed (app.cashflow_auto 'off') issues documents nobody is to be mailed about.
create table app.invoices_to_deliver (
  invoice_id int primary key references app.invoices on delete cascade,
  xact xid8 not null default pg_current_xact_id(),
  queued_at timestamptz not null default now()
);
create index invoices_to_deliver_xact on app.invoices_to_deliver (xact);

create function app.invoice_issued_deliver() returns trigger language plpgsql as $$
begin
  if app.cashflow_auto() then
    insert into app.invoices_to_deliver (invoice_id) values (new.invoice_id) on conflict do nothing;
  end if;
  return null;
end $$;
create trigger invoice_issued_deliver after update of issued_at on app.invoices
  for each row when (old.issued_at is null and new.issued_at is not null) execute function app.invoice_issued_deliver();
