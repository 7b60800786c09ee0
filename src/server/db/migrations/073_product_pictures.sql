-- Product pictures (issue 26 point 5): the originals live in the database, so every instance
-- and every copy of it (backups, the tests' template copies) serves them. A picture is
-- stored once per content (SHA-256, hex): image rows point at it, so the same picture under
-- several products (the demo's generated ones, a re-upload) costs one copy. The hash is also
-- the picture's version: GET /p/{image_id}.jpg answers it as the ETag, and the grid's URL
-- carries it (`image` below), so a replaced picture is a new URL.
create table app.image_blobs (
  content_hash text primary key check (content_hash ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif')),
  size_bytes int not null check (size_bytes > 0),
  -- As shown (after the EXIF orientation).
  width int not null check (width > 0),
  height int not null check (height > 0),
  created_at timestamptz not null default now(),
  -- Since when no image row points at it (null: in use). An undo of a delete puts the row
  -- back with its hash, so an unused picture is kept a while (src/server/images/store.ts
  -- sweeps those unused for 30 days).
  unused_since timestamptz
);
create index image_blobs_unused on app.image_blobs (unused_since) where unused_since is not null;

-- No ON DELETE: a picture in use cannot go.
alter table app.product_images add column picture text references app.image_blobs (content_hash);
create index product_images_picture on app.product_images (picture);

-- Which pictures went out of use, or back into it, by a statement on image rows (statement
-- triggers with transition tables: a product's delete cascading over its images, or the
-- seed's thousands of rows, cost one update each).
create function app.image_blobs_unused_mark() returns trigger language plpgsql as $$
begin
  update app.image_blobs b set unused_since = now()
  where b.unused_since is null
    and b.content_hash in (select o.picture from old_rows o where o.picture is not null)
    and not exists (select 1 from app.product_images i where i.picture = b.content_hash);
  return null;
end $$;

create function app.image_blobs_used_mark() returns trigger language plpgsql as $$
begin
  update app.image_blobs b set unused_since = null
  where b.unused_since is not null and b.content_hash in (select n.picture from new_rows n where n.picture is not null);
  return null;
end $$;

create trigger product_images_pictures_deleted after delete on app.product_images
  referencing old table as old_rows for each statement execute function app.image_blobs_unused_mark();
create trigger product_images_pictures_replaced after update on app.product_images
  referencing old table as old_rows for each statement execute function app.image_blobs_unused_mark();
create trigger product_images_pictures_inserted after insert on app.product_images
  referencing new table as new_rows for each statement execute function app.image_blobs_used_mark();
create trigger product_images_pictures_reused after update on app.product_images
  referencing new table as new_rows for each statement execute function app.image_blobs_used_mark();

-- `image`: the picture's CDN id, `{image_id}-{first 16 hex of its hash}` (null without a
-- picture: the grid shows the placeholder); its size as stored.
drop view app.v_product_images;
create view app.v_product_images as
select i.image_id, i.product_code, p.company_code,
       case when i.picture is not null then i.image_id || '-' || left(i.picture, 16) end as image,
       i.position, i.is_cover, i.alt_text, b.width as width_px, b.height as height_px, b.size_bytes, i.row_version
from app.product_images i
join app.products p on p.product_code = i.product_code
left join app.image_blobs b on b.content_hash = i.picture;
