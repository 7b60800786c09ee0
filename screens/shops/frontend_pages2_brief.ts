import { defineScreen } from '../../schemas/screen.ts';

/** The company's second-generation pages as 'hostname/page-code' (the page of a column block). */
export default defineScreen({
  form: 'frontend_pages2_brief',
  access: 'authenticated',
  source: { relation: 'app.v_content_pages', key: 'content_page_id', company: 'company_code', sort: [{ colId: 'page_label', sort: 'asc' }] },
  columns: { content_page_id: { type: 'int', label: 'page_id' }, page_label: {}, shop_id: { type: 'int' } },
});
