-- Partners (spec §4 "Partners, users, roles"): a company's customers and suppliers, each
-- with its addresses. Sales orders will name a customer partner, purchase orders a
-- supplier (is_supplier). `deleted` is a soft delete: the partner stays for the documents
-- that name it, keeps its addresses and can be restored by unticking it, but is no longer
-- offered (partners_brief lists only partners not deleted). A hard delete takes the
-- addresses with it; once documents reference a partner, they keep it (in_use).

create table app.partners (
  partner_id serial primary key,
  company_code text not null references app.companies,
  partner_name text not null,
  -- the name printed on shipping labels and documents, when it differs from partner_name
  label_name text not null default '',
  is_supplier boolean not null default false,
  deleted boolean not null default false,
  row_version int not null default 1
);
create index partners_company_name on app.partners (company_code, partner_name);

create table app.partner_addresses (
  address_id serial primary key,
  partner_id int not null references app.partners on delete cascade,
  -- what the address is for: 'Head office', 'Warehouse Győr', 'Billing'
  address_name text not null,
  address_line_1 text not null default '',
  address_house_no text not null default '',
  zip_code text not null default '',
  city text not null default '',
  country_code text not null references app.countries,
  first_name text not null default '',
  last_name text not null default '',
  phone text not null default '',
  row_version int not null default 1,
  -- address_name first: a duplicate is said as "Address name already exists"
  unique (address_name, partner_id)
);
create index partner_addresses_partner on app.partner_addresses (partner_id);

-- The address grid reads the company through its partner (the table has no company column).
create view app.v_partner_addresses as
select a.address_id, a.partner_id, p.company_code, a.address_name, a.address_line_1, a.address_house_no, a.zip_code, a.city,
       a.country_code, a.first_name, a.last_name, a.phone, a.row_version
from app.partner_addresses a join app.partners p on p.partner_id = a.partner_id;

-- What orders may name: a company's partners not deleted.
create view app.v_partners_brief as
select partner_id, company_code, partner_name, is_supplier
from app.partners
where not deleted;
