/**
 * File upload and download for forms with `actions.upload` (product_files,
 * sales_order_documents, purchase_order_documents): multipart POST /api/files/{form} and GET /api/files/{form}/{id}.
 * Page permissions as api_action (add to upload, list to download) and the verified
 * company through the row the file hangs on (a product, an order). An order's kept copy of
 * a document not drawn yet is drawn when first downloaded (print/documentStore.ts).
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as v from 'valibot';
import { FILE_TYPES, MAX_UPLOAD_BYTES, ProductFileFields, PurchaseOrderDocumentFields, SalesOrderDocumentFields, type UploadForm } from '../../../schemas/api.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { checkReferences } from '../actions/engine/references.ts';
import { screens } from '../actions/engine/screens.ts';
import type { Queryable } from '../db/types.ts';
import { drawKept } from '../print/documentStore.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { DOWNLOAD_CSP } from './csp.ts';
import { contentMatches } from './sniff.ts';
import { HttpError, parseInput } from './errors.ts';

export { FILE_TYPES };

/** A checked file as the tables store it. */
interface StoredFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A stored file as a download serves it. */
interface Download {
  file_name: string;
  content_type: string;
  content: Uint8Array;
}

/**
 * A form files are uploaded to: the form field naming the row the file hangs on (checked as
 * the screen's reference to a company's row), the multipart fields it takes, how a file is
 * stored (and logged) and read back — every SQL text fixed here, never built from input.
 */
interface UploadTarget<S extends v.GenericSchema = v.GenericSchema> {
  parent: string;
  fields: S;
  insert(tx: Queryable, input: v.InferOutput<S>, file: StoredFile, session: Session, form: string): Promise<number>;
  row(tx: Queryable, id: number): Promise<unknown>;
  /** The file if it is the company's. */
  download(db: Queryable, id: number, company: string): Promise<Download | undefined>;
}

/** A target as the registry holds it: each one's insert gets what its own `fields` parsed, so its input type can be forgotten here. */
const erased = <S extends v.GenericSchema>(t: UploadTarget<S>): UploadTarget => t;

const productFiles: UploadTarget<typeof ProductFileFields> = {
  parent: 'product_code',
  fields: ProductFileFields,
  async insert(tx, input, file, session, form) {
    const r = await tx.query<{ file_id: number }>(
      `insert into app.product_files (product_code, file_name, file_description, content_type, size_bytes, content, uploaded_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning file_id`,
      [input.product_code, file.name, input.file_description, file.type, file.bytes.length, file.bytes, session.userId],
    );
    const id = r.rows[0]!.file_id;
    await tx.query(
      `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, after, product_code)
       values ($1, $2, $3::jsonb, 'add', $4, $5, $6::jsonb, $7)`,
      [
        form,
        String(id),
        JSON.stringify([id]),
        session.userId,
        session.company,
        JSON.stringify({ product_code: input.product_code, file_name: file.name, size_bytes: file.bytes.length }),
        input.product_code,
      ],
    );
    return id;
  },
  async row(tx, id) {
    return (
      await tx.query('select file_id, product_code, product_name, file_name, file_description, content_type, size_bytes, uploaded_at, row_version from app.v_product_files where file_id = $1', [id])
    ).rows[0];
  },
  async download(db, id, company) {
    const r = await db.query<Download>(
      `select f.file_name, f.content_type, f.content from app.product_files f
       join app.products p on p.product_code = f.product_code
       where f.file_id = $1 and p.company_code = $2`,
      [id, company],
    );
    return r.rows[0];
  },
};

/**
 * An order's documents (sales_order_documents, purchase_order_documents): the same columns
 * under a parent order; the parent's key and tables are constants here, never input.
 */
function orderDocuments<S extends typeof SalesOrderDocumentFields | typeof PurchaseOrderDocumentFields>(o: {
  table: string;
  view: string;
  parent: 'order_id' | 'po_id';
  parentTable: string;
  fields: S;
}) {
  const fields = o.fields;
  const target: UploadTarget<typeof fields> = {
    parent: o.parent,
    fields,
    async insert(tx, input, file, session) {
      const r = await tx.query<{ doc_id: number }>(
        `insert into ${o.table} (${o.parent}, doc_type, document_code, file_name, file_description, content_type, size_bytes, content, uploaded_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning doc_id`,
        [(input as Record<string, unknown>)[o.parent], input.doc_type, input.document_code, file.name, input.file_description, file.type, file.bytes.length, file.bytes, session.userId],
      );
      return r.rows[0]!.doc_id;
    },
    async row(tx, id) {
      return (
        await tx.query(
          `select doc_id, ${o.parent}, doc_type, document_code, file_name, file_description, content_type, size_bytes, uploaded_by, uploaded_by_name, uploaded_at, row_version
           from ${o.view} where doc_id = $1`,
          [id],
        )
      ).rows[0];
    },
    async download(db, id, company) {
      const r = await db.query<{ file_name: string; content_type: string; content: Uint8Array | null; generated_key: string | null }>(
        `select d.file_name, d.content_type, d.content, d.generated_key from ${o.table} d
         join ${o.parentTable} o on o.${o.parent} = d.${o.parent}
         where d.doc_id = $1 and o.company_code = $2`,
        [id, company],
      );
      const f = r.rows[0];
      if (!f) return undefined;
      // A kept copy of a document not drawn yet (an invoice's, added when issued): drawn now and kept (print/documentStore.ts).
      const content = f.content ?? (f.generated_key ? await drawKept(db, company, o.parent === 'order_id' ? 'sales' : 'purchase', id, f.generated_key) : null);
      return content ? { file_name: f.file_name, content_type: f.content_type, content } : undefined;
    },
  };
  return erased(target);
}

/** A sales order's files (an invoice, a delivery note, the customer's purchase order). */
const salesOrderDocuments = orderDocuments({
  table: 'app.sales_order_documents',
  view: 'app.v_sales_order_documents',
  parent: 'order_id',
  parentTable: 'app.sales_orders',
  fields: SalesOrderDocumentFields,
});
/** A purchase order's papers (the supplier's invoice, the bill of lading, the packing list). */
const purchaseOrderDocuments = orderDocuments({
  table: 'app.purchase_order_documents',
  view: 'app.v_purchase_order_documents',
  parent: 'po_id',
  parentTable: 'app.purchase_orders',
  fields: PurchaseOrderDocumentFields,
});

/** The upload forms by form name (a screen with `actions.upload` needs its entry here and in schemas/api/files.ts `uploadFields`). */
const UPLOADS: Readonly<Record<UploadForm, UploadTarget>> = {
  product_files: erased(productFiles),
  sales_order_documents: salesOrderDocuments,
  purchase_order_documents: purchaseOrderDocuments,
};

function uploadForm(form: string) {
  const screen = screens.get(form);
  const target = Object.hasOwn(UPLOADS, form) ? UPLOADS[form as UploadForm] : undefined;
  if (!screen || !screen.actions.upload || !target) throw new HttpError(404, 'bad_data_source', `bad_data_source: no upload form "${form}"`);
  // The parent is checked as a reference: without one declared, any company's row would pass.
  if (!screen.references[target.parent]?.company) throw new Error(`${form}: ${target.parent} must reference a company's form`);
  return { screen, target };
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
      const { screen, target } = uploadForm(c.req.param('form'));
      await requirePagePermission(deps.db, session, screen.pageUrl!, 'add', screen.form);
      let body: Record<string, string | File>;
      try {
        body = await c.req.parseBody<Record<string, string | File>>();
      } catch {
        throw new HttpError(400, 'bad_request', 'body: expected multipart/form-data with a file');
      }
      const file = body.file;
      if (!(file instanceof File)) throw new HttpError(400, 'file_required', 'body.file: a file is required');
      const { file: _f, ...fields } = body;
      const input = parseInput(target.fields, fields, 'body') as Record<string, unknown>;
      const name = file.name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 255) || 'file';
      if (file.size > MAX_UPLOAD_BYTES)
        throw new HttpError(413, 'file_too_large', `${name}: larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_UPLOAD_BYTES / 1024 / 1024 });
      const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
      const type = FILE_TYPES[ext];
      if (!type)
        throw new HttpError(415, 'unsupported_type', `${name}: unsupported type (allowed: ${Object.keys(FILE_TYPES).join(', ')})`, {}, undefined, { types: Object.keys(FILE_TYPES).join(', ') });
      // The row the file hangs on, as every write checks a reference (the screen's `references` or its master's key).
      await checkReferences(deps.db, screen, [{ where: 'body', values: { [target.parent]: input[target.parent] } }], session.company);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!contentMatches(ext, bytes)) throw new HttpError(415, 'unsupported_type', `${name}: the content is not a .${ext} file`, {}, undefined, { types: Object.keys(FILE_TYPES).join(', ') });
      const row = await deps.db.transaction(async (tx) => target.row(tx, await target.insert(tx, input, { name, type, bytes }, session, screen.form)));
      return c.json({ data: { row } });
    },
  );

  app.get('/api/files/:form/:id{[0-9]+}', async (c) => {
    const session = await requireSession(c);
    const { screen, target } = uploadForm(c.req.param('form'));
    await requirePagePermission(deps.db, session, screen.pageUrl!, 'list', screen.form);
    const f = session.company ? await target.download(deps.db, Number(c.req.param('id')), session.company) : undefined;
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
