import { defineScreen } from '../../schemas/screen.ts';

/** Storefront content pages; the body is rich text, sanitized on save. */
export default defineScreen({
  form: 'frontend_pages',
  menu: { icon: 'file-text', order: 2 },
  source: {
    relation: 'app.v_frontend_pages',
    key: 'page_id',
    write: 'app.frontend_pages',
    generatedKey: true,
    version: 'row_version',
    company: 'company_code',
    writeCompany: false,
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'page_code', sort: 'asc' },
    ],
  },
  columns: {
    page_id: { type: 'int', width: 100 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 200 },
    page_code: { editable: true, required: true, maxLength: 80, pattern: '^[a-z0-9][a-z0-9-]*$', width: 150 },
    page_title: { type: 'multi', editable: true, required: true, maxLength: 200, translate: true, width: 250 },
    page_body: { type: 'multi', html: true, editable: true, required: true, maxLength: 200000, width: 250 },
    meta_description: { type: 'multi', width: 250 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    updated_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true, translate: true },
});
