/**
 * Product pictures (src/server/http/images.ts): the image server GET /p/{imageId}.jpg, public
 * (the storefront and the CDN show them), and the upload POST /api/images/product_images.
 */
import * as v from 'valibot';
import { OFFERED_IMAGE_QUALITIES, OFFERED_IMAGE_SIZES } from '../../src/core/images.ts';
import type { HttpRoute } from './http.ts';

/** Largest upload (bytes): a camera's full-size JPEG fits. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** Most pixels a picture may have (40 MP: 7,300 × 5,470); libvips refuses to decode more. */
export const MAX_PICTURE_PIXELS = 40_000_000;
/** The formats taken (read from the content, never the name), as a user reads them in a refusal. */
export const PICTURE_TYPE_NAMES = 'JPEG, PNG, WebP, GIF, AVIF';

/** The text part of a picture's upload: the product it is added to, or the image whose picture it replaces. */
export const ImageUploadFields = v.union([
  v.strictObject({ product_code: v.pipe(v.string(), v.nonEmpty('product_code is required'), v.maxLength(40)) }),
  v.strictObject({
    image_id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/, 'image_id: an image number'), v.transform(Number), v.maxValue(2_147_483_647, 'image_id: an image number')),
  }),
]);
/** The image row as product_images lists it (FormRows.product_images). */
export const ImageUploadOutput = v.object({ data: v.object({ row: v.record(v.string(), v.unknown()) }) });

const sizes = OFFERED_IMAGE_SIZES.map((s) => `${s.width}×${s.height}`).join(', ');
const whole = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,4}$/));

export const imageRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/p/{file}',
    operationId: 'image',
    tag: 'files',
    summary:
      'A product image’s picture at an offered size, rendered once and cached on disk. Public (every host, the storefront’s too). A versioned name never changes its answer (cached a year, `immutable`); a bare id follows a replaced picture (cached 5 minutes, revalidated by ETag).',
    auth: 'none',
    params: [
      {
        name: 'file',
        in: 'path',
        description: '`{image_id}.jpg`, or `{image_id}-{16 hex of the picture’s hash}.jpg` (the grid’s `image` column): the version.',
        schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}(-[0-9a-f]{16})?\.jpg$/)),
        example: '1.jpg',
      },
      { name: 'width', in: 'query', description: `With height, an offered size (${sizes}); neither: the picture’s own size.`, schema: whole },
      { name: 'height', in: 'query', description: 'With width.', schema: whole },
      { name: 'quality', in: 'query', description: `One of ${OFFERED_IMAGE_QUALITIES.join(', ')}.`, schema: whole },
      { name: 'format', in: 'query', description: '`jpeg` (the default; `jpg` too) or `webp`.', schema: v.picklist(['jpeg', 'jpg', 'webp']) },
    ],
    answers: {
      200: {
        description: 'The picture.',
        content: [{ kind: 'bytes', types: ['image/jpeg', 'image/webp'] }],
        headers: {
          ETag: 'The picture’s hash and the variant.',
          'Cache-Control': 'A year (`immutable`) for a versioned name, else 5 minutes.',
          'X-Image-Cache': 'Whether the rendering came from the disk cache.',
        },
      },
      304: { description: 'If-None-Match named the current ETag.' },
    },
    errors: { 400: 'A query parameter the server does not offer (`bad_request`, the message names it).', 404: '`not_found`: no such image, or a malformed name.' },
  },
  {
    method: 'post',
    path: '/api/images/product_images',
    operationId: 'image_upload',
    tag: 'files',
    summary: `Stores an uploaded picture: a new image of the product (\`add\` on product_images; last in its order, the cover when it has none) or a new picture of an image (\`set\`). At most ${MAX_PICTURE_BYTES / 1024 / 1024} MB and ${MAX_PICTURE_PIXELS / 1e6} megapixels; ${PICTURE_TYPE_NAMES}, read from the content. Logged as the form’s add or set.`,
    auth: 'data',
    body: { kind: 'multipart', file: 'The picture.', fields: ImageUploadFields },
    answers: { 200: { description: 'The image’s row.', content: [{ kind: 'json', schema: ImageUploadOutput }] } },
    errors: {
      400: 'Not multipart (`bad_request`), no `file` part (`file_required`), the text parts invalid (`bad_request`, `unknown_field`).',
      403: 'No `add` (new image) or `set` (new picture) on product_images (`forbidden`).',
      404: '`not_found`: the product or the image is not of the session’s company.',
      413: 'Larger than the limit (`file_too_large`, `params.limit` in MB), or more pixels (`image_too_many_pixels`, `params.limit` in megapixels).',
      415: 'Not a picture of the formats taken (`unsupported_type`, `params.types`).',
    },
  },
];
