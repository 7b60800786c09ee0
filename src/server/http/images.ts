/**
 * The image server (spec §3 "Image presets"): GET /p/{imageId}.jpg?width=&height=&quality=&format=webp
 * answers a product image's picture at an offered size (src/core/images.ts), rendered and
 * cached by src/server/images/render.ts; public (the storefront shows them), and nothing but
 * product images is reachable through it. POST /api/images/product_images stores an uploaded
 * picture with its product: a new image row, or a new picture for a row (`image_id`).
 *
 * `imageId` is an image row's id, optionally with its picture's version
 * (`{image_id}-{16 hex of the hash}`, the grid's `image` column): a versioned URL never
 * changes its answer and is cached for a year (`immutable`); a bare id (or an outdated
 * version) follows a replaced picture, so it is cached 5 minutes and revalidated by ETag.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageUploadFields } from '../../../schemas/api.ts';
import { OFFERED_IMAGE_QUALITIES, OFFERED_IMAGE_SIZES, isOfferedImageSize } from '../../core/images.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { screens } from '../actions/engine/screens.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { MAX_PICTURE_BYTES, readPicture } from '../images/picture.ts';
import { CONTENT_TYPES, ORIGINAL, createRenderer, variantName, type Variant } from '../images/render.ts';
import { pictureBytes, pictureHashOf, storePicture, sweepUnused } from '../images/store.ts';
import { HttpError, badRequest, parseInput } from './errors.ts';

/** A year: a versioned URL's answer never changes. */
const VERSIONED_MAX_AGE = 365 * 24 * 3600;
/** A bare id's answer follows a replaced picture within this many seconds. */
const UNVERSIONED_MAX_AGE = 300;

const FILE = /^([1-9][0-9]{0,9})(?:-([0-9a-f]{16}))?\.jpg$/;
const SIZES = OFFERED_IMAGE_SIZES.map((s) => `${s.width}x${s.height}`).join(', ');

/** A whole number in a query parameter, or a 400 naming it. */
function intParam(c: Context, name: string): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  if (!/^[1-9][0-9]{0,4}$/.test(raw)) throw badRequest(`query.${name}: a whole number expected`);
  return Number(raw);
}

/** The variant a request asks for: an offered size (both sides or none), an offered quality, jpeg (the default) or webp; anything else 400. */
function variantOf(c: Context): Variant {
  const width = intParam(c, 'width');
  const height = intParam(c, 'height');
  const quality = intParam(c, 'quality') ?? ORIGINAL.quality;
  const format = c.req.query('format') ?? 'jpeg';
  if (format !== 'jpeg' && format !== 'jpg' && format !== 'webp') throw badRequest('query.format: webp or jpeg');
  if ((width === undefined) !== (height === undefined)) throw badRequest('query.width: width and height go together');
  if (width !== undefined && !isOfferedImageSize(width, height!)) throw badRequest(`query.width: ${width}x${height} is not an offered size (${SIZES})`);
  if (!OFFERED_IMAGE_QUALITIES.includes(quality)) throw badRequest(`query.quality: one of ${OFFERED_IMAGE_QUALITIES.join(', ')}`);
  return { ...(width !== undefined ? { width, height } : {}), quality, format: format === 'webp' ? 'webp' : 'jpeg' };
}

/** Where renderings are kept: IMAGE_CACHE_DIR, else `image-cache` in the data directory, else (tests: no data directory) a temporary one. */
function cacheDir(deps: Deps): string {
  return deps.config.imageCacheDir ?? (deps.config.dataDir ? join(deps.config.dataDir, 'image-cache') : mkdtempSync(join(tmpdir(), 'bo-image-cache-')));
}

export function mountImages(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>): void {
  const renderer = createRenderer(() => cacheDir(deps));

  app.get('/p/:file', async (c) => {
    const m = FILE.exec(c.req.param('file'));
    if (!m) throw new HttpError(404, 'not_found', 'No such image');
    const id = Number(m[1]);
    if (id > 2_147_483_647) throw new HttpError(404, 'not_found', 'No such image');
    const variant = variantOf(c);
    const hash = await pictureHashOf(deps.db, id);
    if (!hash) throw new HttpError(404, 'not_found', 'No such image');
    const versioned = m[2] !== undefined && hash.startsWith(m[2]);
    const headers = {
      'content-type': CONTENT_TYPES[variant.format],
      'cache-control': versioned ? `public, max-age=${VERSIONED_MAX_AGE}, immutable` : `public, max-age=${UNVERSIONED_MAX_AGE}`,
      etag: `"${hash.slice(0, 32)}-${variantName(variant)}"`,
      // The storefront's pages live on the shops' own hosts.
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(headers.etag)
    )
      return c.body(null, 304, headers);
    const out = await renderer.get(hash, variant, () => pictureBytes(deps.db, hash));
    if (!out) throw new HttpError(404, 'not_found', 'No such image');
    return c.body(new Uint8Array(out.body), 200, { ...headers, 'x-image-cache': out.source });
  });

  const screen = () => screens.get('product_images')!;

  app.post(
    '/api/images/product_images',
    bodyLimit({
      maxSize: MAX_PICTURE_BYTES + 64 * 1024,
      onError: () => {
        throw new HttpError(413, 'file_too_large', `The file is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_PICTURE_BYTES / 1024 / 1024 });
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const s = screen();
      let body: Record<string, string | File>;
      try {
        body = await c.req.parseBody<Record<string, string | File>>();
      } catch {
        throw new HttpError(400, 'bad_request', 'body: expected multipart/form-data with a file');
      }
      const { file, ...fields } = body;
      const input = parseInput(ImageUploadFields, fields, 'body');
      const replace = 'image_id' in input;
      await requirePagePermission(deps.db, session, s.pageUrl!, replace ? 'set' : 'add', s.form);
      if (!(file instanceof File)) throw new HttpError(400, 'file_required', 'body.file: a file is required');
      const name = file.name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 255) || 'file';
      if (file.size > MAX_PICTURE_BYTES)
        throw new HttpError(413, 'file_too_large', `${name}: larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_PICTURE_BYTES / 1024 / 1024 });
      const company = session.company;
      // The product (or image) must be the verified company's: another company's is not found.
      const owner = replace
        ? (
            await deps.db.query<{ product_code: string }>(
              'select i.product_code from app.product_images i join app.products p on p.product_code = i.product_code where i.image_id = $1 and p.company_code = $2',
              [input.image_id, company],
            )
          ).rows[0]
        : (await deps.db.query<{ product_code: string }>('select product_code from app.products where product_code = $1 and company_code = $2', [input.product_code, company])).rows[0];
      if (!owner) throw new HttpError(404, 'not_found', replace ? `body.image_id: no image ${input.image_id} in this company` : `body.product_code: no product ${input.product_code} in this company`);
      const picture = await readPicture(new Uint8Array(await file.arrayBuffer()), name);
      const row = await deps.db.transaction(async (tx) => {
        const hash = await storePicture(tx, picture);
        let id: number;
        let before: string | null = null;
        if (replace) {
          const r = await tx.query<{ image_id: number; before: string | null }>(
            `update app.product_images i set picture = $2, row_version = i.row_version + 1
             from (select image_id, picture from app.product_images where image_id = $1 for update) o
             where i.image_id = o.image_id returning i.image_id, o.picture as before`,
            [input.image_id, hash],
          );
          id = r.rows[0]!.image_id;
          before = r.rows[0]!.before;
        } else {
          // Last in the product's order; the cover when the product has none.
          const r = await tx.query<{ image_id: number }>(
            `insert into app.product_images (product_code, position, is_cover, alt_text, picture)
             select p.product_code,
                    coalesce((select max(position) from app.product_images where product_code = p.product_code), 0) + 1,
                    not exists (select 1 from app.product_images where product_code = p.product_code and is_cover),
                    p.product_name, $2
             from app.products p where p.product_code = $1 returning image_id`,
            [owner.product_code, hash],
          );
          id = r.rows[0]!.image_id;
        }
        const cdnId = (h: string | null) => (h ? `${id}-${h.slice(0, 16)}` : null);
        await tx.query(
          `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, product_code)
           values ($1, $2, $3::jsonb, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
          [
            s.form,
            String(id),
            JSON.stringify([id]),
            replace ? 'set' : 'add',
            session.userId,
            company,
            replace ? JSON.stringify({ image: cdnId(before) }) : null,
            JSON.stringify({ ...(replace ? {} : { product_code: owner.product_code }), image: cdnId(hash), file_name: name, size_bytes: picture.bytes.length }),
            owner.product_code,
          ],
        );
        return (
          await tx.query(
            `select image_id, product_code, company_code, image, position, is_cover, alt_text, width_px, height_px, size_bytes, row_version
             from app.v_product_images where image_id = $1`,
            [id],
          )
        ).rows[0];
      });
      await sweepUnused(deps.db);
      return c.json({ data: { row } });
    },
  );
}
