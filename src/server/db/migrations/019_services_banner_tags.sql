-- Services (spec §3 "Service: product_code, product_names per language"): the company's
-- products of type 'service' (delivery, installation, assembly …), the source of the
-- services_brief lookup and of the 'service' editor and renderer.
create view app.v_services as
select p.product_code, p.company_code, p.product_name as product_names, p.active
from app.products p
join app.product_types t on t.pt_id = p.pt_id
where t.pt_code = 'service';

-- Banner tags: the labels a storefront picks banners by ('home, sale'). One text, the
-- tags joined by ', ' as the tag inputs write them (no tag holds a comma).
alter table app.banners add column tags text;

create or replace view app.v_banners as
select b.banner_id, b.shop_id, s.company_code, b.banner_title, b.image_url, b.link_url, b.position,
       b.valid_from, b.valid_to, b.active, b.row_version, b.tags
from app.banners b join app.shops s on s.shop_id = b.shop_id;
