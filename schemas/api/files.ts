/**
 * Files of the forms with `actions.upload` (product_files, sales_order_documents,
 * purchase_order_documents): multipart POST /api/files/{form} and GET /api/files/{form}/{id}
 * (src/server/http/files.ts). Page permissions as api_action's (add to upload, list to
 * download), the company checked through the row the file hangs on.
 */
import * as v from 'valibot';
import type { HttpRoute } from './http.ts';

/** The most bytes of one uploaded file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Accepted types: documents, images and tables a catalogue needs; by extension and content type. */
export const FILE_TYPES: Readonly<Record<string, string>> = {
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

/** The text parts of a product file's upload: the product it hangs on, and a description. */
export const ProductFileFields = v.strictObject({
  product_code: v.pipe(v.string(), v.nonEmpty('product_code is required'), v.maxLength(40)),
  file_description: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
});

/** An order's number as a text part, read as a number. */
const orderNumber = (parent: string, what: string) => v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/, `${parent}: ${what}`), v.transform(Number), v.maxValue(2_147_483_647, `${parent}: ${what}`));
/** An order's document beside its order: its type, code and description. */
const documentParts = {
  doc_type: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40)), ''),
  document_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
  file_description: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
};
/** A sales order's files (an invoice, a delivery note, the customer's purchase order). */
export const SalesOrderDocumentFields = v.strictObject({ order_id: orderNumber('order_id', 'an order number'), ...documentParts });
/** A purchase order's papers (the supplier's invoice, the bill of lading, the packing list). */
export const PurchaseOrderDocumentFields = v.strictObject({ po_id: orderNumber('po_id', 'a purchase order number'), ...documentParts });

/** The upload forms and the text parts each takes beside `file` (a screen with `actions.upload` needs its entry here and in the server's registry). */
export const uploadFields = {
  product_files: ProductFileFields,
  sales_order_documents: SalesOrderDocumentFields,
  purchase_order_documents: PurchaseOrderDocumentFields,
} as const;
export type UploadForm = keyof typeof uploadFields;
const uploadForms = Object.keys(uploadFields) as UploadForm[];

/** The row a stored file is, as the form lists it (FormRows.<form>). */
export const FileUploadOutput = v.object({ data: v.object({ row: v.record(v.string(), v.unknown()) }) });

const formParam = {
  name: 'form',
  in: 'path',
  description: 'An upload form (a screen with `actions.upload`).',
  schema: v.picklist(uploadForms),
  example: 'product_files',
} as const;
const unknownForm = '`bad_data_source`: not an upload form.';
const types = Object.keys(FILE_TYPES).join(', ');

export const fileRoutes: readonly HttpRoute[] = [
  {
    method: 'post',
    path: '/api/files/{form}',
    operationId: 'file_upload',
    tag: 'files',
    summary: `Stores a file with the row it hangs on (a product, a sales or purchase order of the session's company): the form's \`add\` permission; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, of the types ${types} (by extension, and the content must be one). The upload is logged as the form's add.`,
    description: `The text parts by form: ${uploadForms.map((f) => `\`${f}\`: ${Object.keys(uploadFields[f].entries).join(', ')}`).join('; ')}.`,
    auth: 'data',
    params: [formParam],
    body: {
      kind: 'multipart',
      file: 'The file; its name (control characters and slashes replaced, at most 255 characters) is stored.',
      fields: v.union(uploadForms.map((f) => v.pipe(uploadFields[f], v.title(f)))),
    },
    answers: { 200: { description: 'The stored file’s row (without its bytes).', content: [{ kind: 'json', schema: FileUploadOutput }] } },
    errors: {
      400: 'Not multipart (`bad_request`), no `file` part (`file_required`), a text part invalid (`bad_request`, `unknown_field`; `params.field`), the parent row not of the company (`foreign_reference`, `bad_reference`).',
      403: 'No `add` on the form’s page (`forbidden`).',
      404: unknownForm,
      413: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB (\`file_too_large\`, \`params.limit\` in MB).`,
      415: 'The extension is not accepted, or the content is not what it says (`unsupported_type`, `params.types`).',
    },
  },
  {
    method: 'get',
    path: '/api/files/{form}/{id}',
    operationId: 'file_download',
    tag: 'files',
    summary: 'A stored file as a download (the form’s `list` permission), when it hangs on a row of the session’s company.',
    auth: 'data',
    params: [formParam, { name: 'id', in: 'path', description: 'The file’s key (file_id, doc_id).', schema: v.pipe(v.string(), v.regex(/^[0-9]+$/)), example: '1' }],
    answers: {
      200: {
        description: 'The file’s bytes, as uploaded.',
        content: [{ kind: 'bytes', types: [...new Set(Object.values(FILE_TYPES))] }],
        headers: { 'Content-Disposition': '`attachment` with the stored file name (`filename*` in UTF-8).', 'Cache-Control': '`private, no-store`.' },
      },
    },
    errors: { 403: 'No `list` on the form’s page (`forbidden`).', 404: `${unknownForm} \`not_found\`: no such file in the company.` },
  },
];
