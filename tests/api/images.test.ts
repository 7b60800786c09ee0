/**
 * The image server and product pictures (issue 26 point 5): GET /p/{imageId}.jpg renders the
 * stored picture at an offered size (sizes and formats read back with sharp, content sniffed
 * by magic bytes), cached on disk and by ETag; POST /api/images/product_images stores
 * uploads with their product, under the page's rights and the company's products only.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS } from '../../src/server/images/picture.ts';
import { sweepUnused } from '../../src/server/images/store.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isWebp = (b: Uint8Array) => Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP';

/** A PNG's CRC-32 (for the hand-made bomb's header). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
const chunk = (type: string, data: Uint8Array) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};
/** A tiny PNG that claims 50,000 × 50,000 pixels (2.5 gigapixels): a decompression bomb's header. */
function bombPng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', new Uint8Array()),
  ]);
}

describe.each(engines)('product pictures and the image server on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  const { ok, one } = serverHelpers(() => s);
  let product: string;
  let imageId: number;
  let cdnId: string;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    const r = await one(
      `select i.image_id, p.product_code from app.product_images i join app.products p using (product_code)
       where p.company_code = 'SK01' and i.is_cover order by i.image_id limit 1`,
    );
    imageId = r.image_id;
    product = r.product_code;
    cdnId = (await one('select image from app.v_product_images where image_id = $1', [imageId])).image;
  });
  afterAll(() => s?.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers });
  const bytesOf = async (r: Response) => new Uint8Array(await r.arrayBuffer());
  const upload = (token: string | undefined, name: string, content: Uint8Array | string, fields: Record<string, string> = { product_code: product }, company?: string) => {
    const form = new FormData();
    form.set('file', new Blob([content as BlobPart]), name);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return fetch(`${s.url}/api/images/product_images`, {
      method: 'POST',
      body: form,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(company ? { 'x-company': company } : {}) },
    });
  };

  it('the demo has a generated picture for every image row, the cover in its brand colours, shared by content', async () => {
    const r = await one(`select count(*)::int as rows, count(picture)::int as with_picture, count(distinct picture)::int as pictures from app.product_images`);
    expect(r.rows).toBeGreaterThan(0);
    expect(r.with_picture).toBe(r.rows);
    expect(r.pictures).toBeLessThanOrEqual(132);
    expect(cdnId).toMatch(new RegExp(`^${imageId}-[0-9a-f]{16}$`));
    // The grid's column is the versioned id; the CDN setting is this server.
    expect((await one(`select value from app.settings where key = 'cdn'`)).value).toBe('');
  });

  it('serves the original re-encoded as JPEG without parameters, publicly, and nothing for unknown ids', async () => {
    const r = await get(`/p/${imageId}.jpg`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await bytesOf(r);
    expect(isJpeg(body)).toBe(true);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    expect((await get('/p/2147483000.jpg')).status).toBe(404);
    expect((await get('/p/99999999999.jpg')).status).toBe(404);
    expect((await get(`/p/${imageId}.png`)).status).toBe(404);
    expect((await get('/p/abc.jpg')).status).toBe(404);
    expect((await get(`/p/${imageId}-zz.jpg`)).status).toBe(404);
  });

  it('renders offered sizes as webp or jpeg, exactly that size; a versioned URL is immutable', async () => {
    const webp = await get(`/p/${cdnId}.jpg?width=300&height=300&quality=80&format=webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const w = await bytesOf(webp);
    expect(isWebp(w)).toBe(true);
    expect(await sharp(w).metadata()).toMatchObject({ format: 'webp', width: 300, height: 300 });
    // A banner's size: contained (the whole picture) on white, the box exactly as asked.
    const jpeg = await get(`/p/${imageId}.jpg?width=768&height=512&quality=80`);
    const j = await bytesOf(jpeg);
    expect(isJpeg(j)).toBe(true);
    expect(await sharp(j).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 512 });
    const { data, info } = await sharp(j).raw().toBuffer({ resolveWithObject: true });
    const corner = [data[0], data[1], data[2]];
    expect(info.channels).toBe(3);
    for (const c of corner) expect(c).toBeGreaterThan(245); // the white bars left and right
    // The spec's URL as src/core/images.ts builds it, at 70 for the product card.
    const card = await get(`/p/${cdnId}.jpg?width=500&height=500&quality=70&format=webp`);
    expect(await sharp(await bytesOf(card)).metadata()).toMatchObject({ width: 500, height: 500 });
  });

  it('answers 304 to its ETag and serves a rendering again from the disk cache; a burst renders once', async () => {
    const path = `/p/${cdnId}.jpg?width=400&height=400&quality=70&format=webp`;
    const first = await get(path);
    expect(first.headers.get('x-image-cache')).toBe('miss');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}-400x400-q70\.webp"$/);
    const again = await get(path);
    expect(again.headers.get('x-image-cache')).toBe('hit');
    expect(Buffer.from(await bytesOf(again)).equals(Buffer.from(await bytesOf(first)))).toBe(true);
    const not = await get(path, { 'if-none-match': etag });
    expect(not.status).toBe(304);
    expect(not.headers.get('etag')).toBe(etag);
    // Another variant is another ETag.
    expect((await get(`/p/${cdnId}.jpg?width=400&height=400&quality=80&format=webp`, { 'if-none-match': etag })).status).toBe(200);

    const burst = await Promise.all(Array.from({ length: 6 }, () => get(`/p/${cdnId}.jpg?width=992&height=661&quality=80&format=webp`)));
    const sources = burst.map((r) => r.headers.get('x-image-cache'));
    expect(sources.filter((x) => x === 'miss')).toHaveLength(1);
    expect(sources.every((x) => x === 'miss' || x === 'joined' || x === 'hit')).toBe(true);
    for (const r of burst) expect(r.status).toBe(200);
  });

  it('refuses sizes, qualities and formats it does not offer (400), so nobody fills its cache', async () => {
    for (const q of [
      'width=301&height=301',
      'width=300',
      'height=300',
      'width=300&height=300&quality=50',
      'format=png',
      'width=abc&height=300',
      'width=0&height=0',
      'width=300&height=300&quality=80.5',
    ]) {
      const r = await get(`/p/${imageId}.jpg?${q}`);
      expect(r.status, q).toBe(400);
      expect((await r.json()).error, q).toBe('bad_request');
    }
  });

  it('uploads a picture as a new image row of the product, EXIF stripped and orientation applied', async () => {
    // 120 × 80 pixels stored turned (EXIF orientation 6: shown 80 wide, 120 high), with a camera's EXIF block.
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c03030' } })
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret-owner' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const before = (await one('select count(*)::int as n from app.product_images where product_code = $1', [product])).n;
    const r = await upload(catalog, 'photo.jpg', photo);
    expect(r.status, await r.clone().text()).toBe(200);
    const { row } = (await r.json()).data;
    expect(row).toMatchObject({ product_code: product, is_cover: false, width_px: 80, height_px: 120, size_bytes: photo.length, position: before + 1 });
    expect(row.image).toMatch(new RegExp(`^${row.image_id}-[0-9a-f]{16}$`));
    const listed = await ok(catalog, 'product_images', 'filter', { product_code: product });
    expect(listed.rows.map((x: { image_id: number }) => x.image_id)).toContain(row.image_id);
    const out = await bytesOf(await get(`/p/${row.image}.jpg`));
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ width: 80, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(out).includes(Buffer.from('secret-owner'))).toBe(false);
    // Logged as an add of the product's image.
    const log = await one(`select log_action, product_code, after from app.product_change_log where entity_name = 'product_images' and entity_id = $1`, [String(row.image_id)]);
    expect(log).toMatchObject({ log_action: 'add', product_code: product });
  });

  it('replaces the picture of a row: a new version, the old URL follows it, the old picture kept unused for an undo', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const old = await one('select picture from app.product_images where image_id = $1', [imageId]);
    const shared = (await one('select count(*)::int as n from app.product_images where picture = $1', [old.picture])).n;
    const r = await upload(catalog, 'new.png', png, { image_id: String(imageId) });
    expect(r.status, await r.clone().text()).toBe(200);
    const { row } = (await r.json()).data;
    expect(row).toMatchObject({ image_id: imageId, width_px: 64, height_px: 48 });
    expect(row.image).not.toBe(cdnId);
    const fresh = await bytesOf(await get(`/p/${row.image}.jpg?width=100&height=100&quality=80&format=webp`));
    expect(await sharp(fresh).metadata()).toMatchObject({ width: 100, height: 100 });
    // The picture under the old version: the bare id's rule (the current picture, a short cache).
    const stale = await get(`/p/${cdnId}.jpg?width=100&height=100&quality=80&format=webp`);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await bytesOf(stale)).equals(Buffer.from(fresh))).toBe(true);
    // Transparency is flattened onto white for JPEG.
    const { data } = await sharp(await bytesOf(await get(`/p/${imageId}.jpg`)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(100);
    const blob = await one('select unused_since from app.image_blobs where content_hash = $1', [old.picture]);
    expect(blob.unused_since === null).toBe(shared > 1);
    const log = await one(`select log_action, before, after from app.product_change_log where entity_name = 'product_images' and entity_id = $1 order by log_id desc limit 1`, [String(imageId)]);
    expect(log).toMatchObject({ log_action: 'set', before: { image: cdnId }, after: { image: row.image } });
  });

  it('a deleted row leaves its picture unused but kept, so the undo brings it back; the sweep takes those unused for 30 days', async () => {
    const png = await sharp({ create: { width: 33, height: 21, channels: 3, background: '#12ab34' } })
      .png()
      .toBuffer();
    const { row } = (await (await upload(admin, 'only.png', png)).json()).data;
    const hash = (await one('select picture from app.product_images where image_id = $1', [row.image_id])).picture;
    const del = await ok(admin, 'product_images', 'delete', { keys: [row.image_id] });
    expect((await one('select unused_since from app.image_blobs where content_hash = $1', [hash])).unused_since).not.toBeNull();
    expect((await get(`/p/${row.image_id}.jpg`)).status).toBe(404);
    await ok(admin, 'product_images', 'undo', { log_ids: del.log_ids });
    expect((await one('select unused_since from app.image_blobs where content_hash = $1', [hash])).unused_since).toBeNull();
    expect((await get(`/p/${row.image}.jpg`)).status).toBe(200);
    await ok(admin, 'product_images', 'delete', { keys: [row.image_id] });
    expect(await sweepUnused(s.db)).toBe(0);
    await s.db.query(`update app.image_blobs set unused_since = now() - interval '31 days' where content_hash = $1`, [hash]);
    expect(await sweepUnused(s.db)).toBeGreaterThanOrEqual(1);
    expect((await one('select count(*)::int as n from app.image_blobs where content_hash = $1', [hash])).n).toBe(0);
  });

  it('refuses what is not a picture, too large a file, and a decompression bomb, saying why', async () => {
    const cases: [string, Uint8Array | string, number, string][] = [
      ['notes.jpg', 'just some text, named .jpg', 415, 'unsupported_type'],
      ['vector.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 415, 'unsupported_type'],
      [
        'half.jpg',
        (
          await sharp({ create: { width: 300, height: 300, channels: 3, background: '#777' } })
            .jpeg()
            .toBuffer()
        ).subarray(0, 200),
        415,
        'unsupported_type',
      ],
      ['bomb.png', bombPng(), 413, 'image_too_many_pixels'],
      ['huge.jpg', new Uint8Array(MAX_PICTURE_BYTES + 1).fill(7), 413, 'file_too_large'],
    ];
    for (const [name, content, status, code] of cases) {
      const r = await upload(catalog, name, content);
      expect(r.status, name).toBe(status);
      const body = await r.json();
      expect(body.error, name).toBe(code);
      if (code === 'image_too_many_pixels') expect(body.params).toEqual({ limit: MAX_PICTURE_PIXELS / 1e6 });
      if (code === 'unsupported_type') expect(body.params.types).toBe('JPEG, PNG, WebP, GIF, AVIF');
    }
    const r = await upload(catalog, 'empty.png', '', { product_code: product });
    expect(r.status).toBe(415);
  });

  it('keeps to the company and the page rights: another company’s product or image is not found, no right is 403, no session 401', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const hu = await one(`select i.image_id, p.product_code from app.product_images i join app.products p using (product_code) where p.company_code = 'HU01' limit 1`);
    expect((await upload(catalog, 'a.png', png, { product_code: hu.product_code })).status).toBe(404);
    expect((await upload(catalog, 'a.png', png, { image_id: String(hu.image_id) })).status).toBe(404);
    expect((await upload(admin, 'a.png', png, { product_code: product }, 'HU01')).status).toBe(404);
    expect((await upload(admin, 'a.png', png, { product_code: hu.product_code }, 'HU01')).status).toBe(200);
    expect((await upload(warehouse, 'a.png', png)).status).toBe(403);
    expect((await upload(undefined, 'a.png', png)).status).toBe(401);
    const bad = await upload(catalog, 'a.png', png, { product_code: product, image_id: '1' });
    expect(bad.status).toBe(400);
    expect((await upload(catalog, 'a.png', png, { image_id: '0' })).status).toBe(400);
  });
});
