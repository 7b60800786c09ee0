import { defineScreen } from '../../schemas/screen.ts';

/** The menu tree: pages, their parent, titles per language, icon and whether they show in the menu. */
export default defineScreen({
  form: 'backend_pages',
  menu: { icon: 'panel-left', order: 3 },
  source: {
    relation: 'app.backend_pages',
    key: 'page_code',
    write: 'app.backend_pages',
    sort: [
      { colId: 'parent_page_code', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    page_code: { required: true, maxLength: 80, pattern: '^[a-z0-9_.]+$', width: 200 },
    parent_page_code: { type: 'ref', lookup: 'backend_pages_brief', editable: true, width: 200 },
    page_title: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    url: { editable: true, maxLength: 200, pattern: '^(/[A-Za-z0-9_-]+)+$', width: 250 },
    menu: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    icon: { editable: true, maxLength: 40, pattern: '^[a-z0-9-]*$', width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
