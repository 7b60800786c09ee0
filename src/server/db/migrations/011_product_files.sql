-- Files attached to products (manuals, data sheets, certificates), kept in the database so
-- that every app instance serves them; served back only to users who may list them.
create table app.product_files (
  file_id serial primary key,
  product_code text not null references app.products on delete cascade on update cascade,
  file_name text not null check (length(file_name) between 1 and 255),
  file_description text not null default '',
  content_type text not null,
  size_bytes int not null check (size_bytes >= 0),
  content bytea not null,
  uploaded_by int references app.users on delete set null,
  uploaded_at timestamptz not null default now(),
  row_version int not null default 1
);
create index product_files_product on app.product_files (product_code);

create view app.v_product_files as
select f.file_id, f.product_code, p.product_name, p.company_code, f.file_name, f.file_description,
       f.content_type, f.size_bytes, f.uploaded_at, f.row_version
from app.product_files f join app.products p on p.product_code = f.product_code;
