import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'backend_pages_brief',
  access: 'authenticated',
  source: { relation: 'app.backend_pages', key: 'page_code', sort: [{ colId: 'page_code', sort: 'asc' }] },
  columns: { page_code: {}, page_title: { type: 'multi' }, url: {} },
});
