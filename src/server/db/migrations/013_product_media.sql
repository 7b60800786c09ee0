-- Product images (on the CDN: /p/{image_id}.jpg) and videos, and which shops offer a
-- payment method.
create table app.product_images (
  image_id serial primary key,
  product_code text not null references app.products on delete cascade on update cascade,
  position int not null default 0,
  is_cover boolean not null default false,
  alt_text jsonb not null default '{}',
  row_version int not null default 1
);
create index product_images_product on app.product_images (product_code, position);
create unique index product_images_one_cover on app.product_images (product_code) where is_cover;

create table app.product_videos (
  video_id serial primary key,
  product_code text not null references app.products on delete cascade on update cascade,
  video_url text not null check (video_url ~ '^https://'),
  video_title jsonb not null default '{}',
  position int not null default 0,
  row_version int not null default 1
);
create index product_videos_product on app.product_videos (product_code, position);

create table app.payment_method_shops (
  pm_id int not null references app.payment_methods on delete cascade,
  shop_id int not null references app.shops on delete cascade,
  row_version int not null default 1,
  primary key (pm_id, shop_id)
);

create view app.v_product_images as
select i.image_id, i.product_code, p.company_code, i.image_id as image, i.position, i.is_cover, i.alt_text, i.row_version
from app.product_images i join app.products p on p.product_code = i.product_code;

create view app.v_product_videos as
select v.video_id, v.product_code, p.company_code, v.video_url, v.video_title, v.position, v.row_version
from app.product_videos v join app.products p on p.product_code = v.product_code;

create view app.v_payment_method_shops as
select x.pm_id, x.shop_id, s.company_code, s.hostname, x.row_version
from app.payment_method_shops x join app.shops s on s.shop_id = x.shop_id;
