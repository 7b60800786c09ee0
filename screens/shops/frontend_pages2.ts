import { defineScreen } from '../../schemas/screen.ts';

/**
 * Second-generation content pages (/shops/2frontendPages): a page per shop whose content
 * is its column blocks (frontend_pages2_col_defs, below the grid for the selected page).
 * The meta description per language follows the blocks on every write (read-only here).
 */
export default defineScreen({
  form: 'frontend_pages2',
  route: '/shops/2frontendPages',
  menu: { icon: 'table', order: 3 },
  source: {
    relation: 'app.v_content_pages',
    key: 'content_page_id',
    write: 'app.content_pages',
    generatedKey: true,
    version: 'row_version',
    company: 'company_code',
    writeCompany: false,
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    content_page_id: { type: 'int', width: 100 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 200 },
    page_code: { editable: true, required: true, maxLength: 80, pattern: '^[a-z0-9][a-z0-9-]*$', width: 150 },
    page_title: { type: 'multi', editable: true, required: true, maxLength: 200, translate: true, width: 250 },
    column_count: { type: 'int', width: 100 },
    meta_description: { type: 'multi', width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    updated_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['frontend_pages2_col_defs'],
});
