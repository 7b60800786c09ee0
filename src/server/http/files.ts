/**
 * File upload and download for forms with `actions.upload` (product_files): multipart
 * POST /api/files/{form} and GET /api/files/{form}/{id}. Page permissions as api_action
 * (add to upload, list to download) and the verified company through the product.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { checkReferences } from '../actions/engine/references.ts';
import { screens } from '../actions/engine/screens.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { DOWNLOAD_CSP } from './csp.ts';
import { contentMatches } from './sniff.ts';
import { HttpError, parseInput } from './errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Accepted types: documents, images and tables a catalogue needs; by extension and content type. */
export const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const UploadFields = v.strictObject({
  product_code: v.pipe(v.string(), v.nonEmpty('product_code is required'), v.maxLength(40)),
  file_description: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
});

function uploadForm(form: string) {
  const screen = screens.get(form);
  if (!screen || !screen.actions.upload) throw new HttpError(404, 'bad_data_source', `bad_data_source: no upload form "${form}"`);
  // The product is checked as a reference: without one declared, any company's product would pass.
  if (!screen.references.product_code?.company) throw new Error(`${form}: product_code must reference a company's form`);
  return screen;
}

export function mountFiles(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>): void {
  app.post(
    '/api/files/:form',
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw new HttpError(413, 'file_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_UPLOAD_BYTES / 1024 / 1024 });
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const screen = uploadForm(c.req.param('form'));
      await requirePagePermission(deps.db, session, screen.pageUrl!, 'add', screen.form);
      let body: Record<string, string | File>;
      try {
        body = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        throw new HttpError(400, 'bad_request', 'body: expected multipart/form-data with a file');
      }
      const file = body.file;
      if (!(file instanceof File)) throw new HttpError(400, 'file_required', 'body.file: a file is required');
      const { file: _f, ...fields } = body;
      const input = parseInput(UploadFields, fields, 'body');
      const name = file.name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 255) || 'file';
      if (file.size > MAX_UPLOAD_BYTES)
        throw new HttpError(413, 'file_too_large', `${name}: larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_UPLOAD_BYTES / 1024 / 1024 });
      const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
      const type = FILE_TYPES[ext];
      if (!type)
        throw new HttpError(415, 'unsupported_type', `${name}: unsupported type (allowed: ${Object.keys(FILE_TYPES).join(', ')})`, {}, undefined, { types: Object.keys(FILE_TYPES).join(', ') });
      // The product the file hangs on, as every write checks a reference (product_files.product_code `references`).
      await checkReferences(deps.db, screen, [{ where: 'body', values: { product_code: input.product_code } }], session.company);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!contentMatches(ext, bytes)) throw new HttpError(415, 'unsupported_type', `${name}: the content is not a .${ext} file`, {}, undefined, { types: Object.keys(FILE_TYPES).join(', ') });
      const row = await deps.db.transaction(async (tx) => {
        const r = await tx.query<{ file_id: number }>(
          `insert into app.product_files (product_code, file_name, file_description, content_type, size_bytes, content, uploaded_by)
           values ($1, $2, $3, $4, $5, $6, $7) returning file_id`,
          [input.product_code, name, input.file_description, type, bytes.length, bytes, session.userId],
        );
        const id = r.rows[0]!.file_id;
        await tx.query(
          `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, after, product_code)
           values ($1, $2, $3::jsonb, 'add', $4, $5, $6::jsonb, $7)`,
          [
            screen.form,
            String(id),
            JSON.stringify([id]),
            session.userId,
            session.company,
            JSON.stringify({ product_code: input.product_code, file_name: name, size_bytes: bytes.length }),
            input.product_code,
          ],
        );
        return (
          await tx.query('select file_id, product_code, product_name, file_name, file_description, content_type, size_bytes, uploaded_at, row_version from app.v_product_files where file_id = $1', [
            id,
          ])
        ).rows[0];
      });
      return c.json({ data: { row } });
    },
  );

  app.get('/api/files/:form/:id{[0-9]+}', async (c) => {
    const session = await requireSession(c);
    const screen = uploadForm(c.req.param('form'));
    await requirePagePermission(deps.db, session, screen.pageUrl!, 'list', screen.form);
    const r = await deps.db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
      `select f.file_name, f.content_type, f.content from app.product_files f
       join app.products p on p.product_code = f.product_code
       where f.file_id = $1 and p.company_code = $2`,
      [Number(c.req.param('id')), session.company],
    );
    const f = r.rows[0];
    if (!f) throw new HttpError(404, 'not_found', 'No such file in this company');
    const ascii = f.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return new Response(new Uint8Array(f.content), {
      headers: {
        'Content-Type': f.content_type,
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.file_name)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': DOWNLOAD_CSP,
      },
    });
  });
}
