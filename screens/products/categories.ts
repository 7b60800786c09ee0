import { defineScreen } from '../../schemas/screen.ts';

/** The category tree: each row names its parent and its position among its siblings. */
export default defineScreen({
  form: 'categories',
  menu: { icon: 'folder-tree', order: 2 },
  source: {
    relation: 'app.product_categories',
    key: 'product_category_id',
    write: 'app.product_categories',
    generatedKey: true,
    version: 'row_version',
    sort: [
      { colId: 'parent_category_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    product_category_id: { type: 'int', width: 100 },
    product_category_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    parent_category_id: { type: 'ref', lookup: 'product_categories_brief', renderer: 'productCategory', editable: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['category_translations', 'category_positions'],
});
