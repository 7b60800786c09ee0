import { defineScreen } from '../../schemas/screen.ts';

/**
 * The column blocks of the second-generation pages (/shops/2frontendPages/colDefs): in
 * position order, widths fill rows of 12. From the menu it lists every page's blocks
 * (filter by page); `?content_page_id=` or the page grid's detail shows one page's.
 */
export default defineScreen({
  form: 'frontend_pages2_col_defs',
  route: '/shops/2frontendPages/colDefs',
  menu: { icon: 'columns-3', order: 1 },
  source: {
    relation: 'app.v_content_page_columns',
    key: 'col_def_id',
    write: 'app.content_page_columns',
    generatedKey: true,
    version: 'row_version',
    company: 'company_code',
    writeCompany: false,
    sort: [
      { colId: 'content_page_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    col_def_id: { type: 'int', width: 100 },
    content_page_id: { type: 'ref', lookup: 'frontend_pages2_brief', editable: true, required: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
    col_width: { type: 'int', editable: true, required: true, min: 1, max: 12, default: 12, width: 100 },
    block_type: { editable: true, required: true, options: ['text', 'image', 'video'], width: 100 },
    block_title: { type: 'multi', editable: true, maxLength: 200, translate: true, width: 200 },
    block_body: { type: 'multi', html: true, editable: true, maxLength: 200000, width: 250 },
    media_url: { editable: true, maxLength: 500, pattern: '^((https://|/)\\S*)?$', width: 200 },
    link_url: { editable: true, maxLength: 500, pattern: '^((https?://|/)\\S*)?$', width: 200 },
    css_class: { editable: true, maxLength: 100, pattern: '^[a-z0-9 _-]*$', width: 150 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
