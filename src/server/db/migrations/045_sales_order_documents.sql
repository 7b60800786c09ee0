-- Documents of a sales order (issue 22): files attached to an order (an invoice, a delivery
-- note, the customer's purchase order …), kept in the database like products' files (011)
-- so every app instance serves them; uploaded and served by src/server/http/files.ts, shown
-- as the detail grid sales_order_documents of /sales/sales_orders.

create table app.sales_order_documents (
  doc_id serial primary key,
  order_id int not null references app.sales_orders on delete cascade,
  -- What the document is ('invoice', 'delivery_note', …) and its number on paper (the invoice's number).
  doc_type text not null default '',
  document_code text not null default '',
  file_name text not null check (length(file_name) between 1 and 255),
  file_description text not null default '',
  content_type text not null,
  size_bytes int not null check (size_bytes >= 0),
  content bytea not null,
  uploaded_by int references app.users on delete set null,
  uploaded_at timestamptz not null default now(),
  row_version int not null default 1
);
create index sales_order_documents_order on app.sales_order_documents (order_id);
-- As product_files (033): a rename keeps an extension of the type the upload checked.
alter table app.sales_order_documents add constraint file_extension_kept check (app.file_type_of(file_name) is not distinct from content_type);
-- An upload names the order it belongs to; a document stays on it.
create function app.sales_order_documents_fixed() returns trigger language plpgsql as $$
begin
  if new.order_id is distinct from old.order_id then
    raise exception 'a document stays on its order' using errcode = '23514', constraint = 'sales_order_document_fixed';
  end if;
  return new;
end $$;
create trigger sales_order_documents_fixed before update on app.sales_order_documents
  for each row execute function app.sales_order_documents_fixed();

-- The grid reads the company through the order, and who uploaded by name.
create view app.v_sales_order_documents as
select d.doc_id, d.order_id, o.company_code, d.doc_type, d.document_code, d.file_name, d.file_description, d.content_type, d.size_bytes,
       d.uploaded_by, coalesce(u.user_name, '') as uploaded_by_name, d.uploaded_at, d.row_version
from app.sales_order_documents d
join app.sales_orders o on o.order_id = d.order_id
left join app.users u on u.user_id = d.uploaded_by;
