/**
 * Pictures stored in the database (app.image_blobs, migration 073), once per content: an
 * image row points at its picture by hash. A picture no row uses any more is kept 30 days
 * (an undo of a delete puts its row back), then swept.
 */
import type { Queryable } from '../db/types.ts';
import type { Picture } from './picture.ts';

/** How long a picture nobody uses is kept (an undo of the delete that left it unused still finds it). */
const UNUSED_KEEP_DAYS = 30;

/** Stores the picture unless its content is stored already; answers its hash. */
export async function storePicture(tx: Queryable, p: Picture): Promise<string> {
  await tx.query(
    `insert into app.image_blobs (content_hash, content, content_type, size_bytes, width, height)
     values ($1, $2, $3, $4, $5, $6) on conflict (content_hash) do nothing`,
    [p.hash, p.bytes, p.contentType, p.bytes.length, p.width, p.height],
  );
  return p.hash;
}

/** Deletes pictures unused for UNUSED_KEEP_DAYS (run with each upload: no process of its own). */
export async function sweepUnused(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>(
    `with gone as (
       delete from app.image_blobs b where b.unused_since < now() - make_interval(days => $1)
         and not exists (select 1 from app.product_images i where i.picture = b.content_hash)
       returning 1)
     select count(*)::int as n from gone`,
    [UNUSED_KEEP_DAYS],
  );
  return r.rows[0]?.n ?? 0;
}

/** An image row's picture: its hash, or undefined (no such row, or no picture yet). */
export async function pictureHashOf(db: Queryable, imageId: number): Promise<string | undefined> {
  const r = await db.query<{ picture: string | null }>('select picture from app.product_images where image_id = $1', [imageId]);
  return r.rows[0]?.picture ?? undefined;
}

/** A stored picture's bytes. */
export async function pictureBytes(db: Queryable, hash: string): Promise<Uint8Array | undefined> {
  const r = await db.query<{ content: Uint8Array }>('select content from app.image_blobs where content_hash = $1', [hash]);
  return r.rows[0]?.content;
}
