/**
 * Print documents (src/server/print/routes.ts): GET /api/print/{doc} answers a document's
 * model (src/core/print.ts) as JSON, which the browser's print page draws; GET
 * /api/print/{doc}/pdf the same model as a PDF. The schema here states that model; the
 * compiler holds it equal to core's types.
 */
import * as v from 'valibot';
import { PRINT_DOCUMENT_KEYS, type PrintBatch as PrintModel } from '../../src/core/print.ts';
import { LANGS } from '../../src/core/langs.ts';
import type { HttpRoute } from './http.ts';

const Barcode = v.object({ symbology: v.picklist(['code128', 'ean13', 'qrcode']), value: v.string() });
const PrintLabel = v.object({ heading: v.string(), lines: v.array(v.string()), code: v.string(), barcodes: v.array(Barcode) });
const PrintTable = v.object({
  columns: v.array(v.object({ key: v.string(), title: v.string(), width: v.number(), align: v.optional(v.picklist(['left', 'right'])) })),
  rows: v.array(v.record(v.string(), v.string())),
});
const Titled = { no: v.string(), titles: v.array(v.string()) };
const Place = { x: v.number(), y: v.number(), w: v.number(), h: v.number() };
const PrintForm = v.object({
  height: v.number(),
  boxes: v.array(v.object({ ...Titled, ...Place, text: v.string(), size: v.optional(v.number()), bold: v.optional(v.boolean()) })),
  lines: v.object({
    ...Place,
    columns: v.array(v.object({ key: v.string(), ...Titled, width: v.number(), align: v.optional(v.picklist(['left', 'right'])) })),
    rows: v.array(v.record(v.string(), v.string())),
  }),
  continued: v.string(),
  continuation: v.object({ title: v.string() }),
});
const PrintBlock = v.variant('kind', [
  v.object({ kind: v.literal('labels'), columns: v.number(), labelHeight: v.number(), labels: v.array(PrintLabel) }),
  v.object({ kind: v.literal('table'), table: PrintTable }),
  v.object({ kind: v.literal('text'), placement: v.picklist(['header', 'footer', 'terms']), paragraphs: v.array(v.string()) }),
  v.object({ kind: v.literal('form'), form: PrintForm }),
]);
/** A print request's documents, every text in the reader's language; widths and heights in millimetres of A4 (190 mm of content). */
export const PrintBatch = v.object({
  key: v.picklist(PRINT_DOCUMENT_KEYS),
  lang: v.string(),
  /** The PDF's file name without extension. */
  fileName: v.string(),
  documents: v.array(v.object({ title: v.string(), meta: v.array(v.object({ label: v.string(), value: v.string() })), blocks: v.array(PrintBlock) })),
});
export const PrintOutput = v.object({ data: PrintBatch });

/** The schema's type is core's model, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameModel: Same<v.InferOutput<typeof PrintBatch>, PrintModel> = true;
void sameModel;

const params = [
  { name: 'doc', in: 'path', description: 'The document (its page is /print/{doc}).', schema: v.picklist(PRINT_DOCUMENT_KEYS), example: 'product_labels' },
  { name: 'lang', in: 'query', description: 'The language printed (one of the UI’s); else the user’s.', schema: v.picklist(LANGS) },
  {
    name: 'product_code',
    in: 'query',
    repeated: true,
    description: '`product_labels`: a label per code, in order (a code twice: two labels).',
    schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._/-]{1,40}$/)),
  },
  { name: 'pick_list_id', in: 'query', repeated: true, description: '`pick_lists_print`: the pick lists.', schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)) },
  { name: 'po_id', in: 'query', repeated: true, description: '`arriving_shipments_print`: the purchase orders.', schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)) },
  { name: 'cmr_id', in: 'query', repeated: true, description: '`cmr_notes_print`: the CMR notes (also needs `list` on /sales/cmr).', schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)) },
] as const;
const errors = {
  400: 'Nothing to print (`print_nothing`), too many at once (`print_too_many`, `params.limit`), a code or number that is not one (`bad_request`, `params.field`).',
  403: 'No `list` on the document’s page, or no company (`forbidden`).',
  404: '`bad_data_source`: no such document; a product (`unknown_product`), pick list, purchase order or CMR note (`not_found`) not of the session’s company.',
} as const;
const summary = 'Reads what the document prints in the session’s company; the document’s page’s `list` permission.';

export const printRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/api/print/{doc}',
    operationId: 'print_model',
    tag: 'print',
    summary: `A print document’s model as JSON (the browser’s print page draws it). ${summary}`,
    auth: 'data',
    params,
    answers: { 200: { description: 'The documents.', content: [{ kind: 'json', schema: PrintOutput }] } },
    errors,
  },
  {
    method: 'get',
    path: '/api/print/{doc}/pdf',
    operationId: 'print_pdf',
    tag: 'print',
    summary: `The same documents as an A4 PDF, drawn on a renderer thread. ${summary}`,
    auth: 'data',
    params,
    answers: {
      200: {
        description: 'The PDF.',
        content: [{ kind: 'bytes', types: ['application/pdf'] }],
        headers: { 'Content-Disposition': '`attachment` named by the model’s `fileName` (`filename*` in UTF-8).', 'Cache-Control': '`private, no-store`.' },
      },
    },
    errors: {
      ...errors,
      400: `${errors[400]} More pages than one PDF takes (\`print_too_many_pages\`, \`params.limit\`).`,
      413: 'The PDF needs more memory or time than a printout may (`print_too_large`, `params.resource`).',
      503: 'Too many PDFs are being made (`print_busy`, with Retry-After).',
    },
  },
];
