import { defineScreen } from '../../schemas/screen.ts';

/** The categories a shop shows, in its order, optionally under names of its own. */
export default defineScreen({
  form: 'frontend_categories',
  menu: { icon: 'folder-tree', order: 4 },
  source: {
    relation: 'app.v_shop_categories',
    key: ['shop_id', 'product_category_id'],
    write: 'app.shop_categories',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_category_id: { type: 'ref', lookup: 'product_categories_brief', renderer: 'productCategory', label: 'product_category_names', width: 250 },
    shop_category_names: { type: 'multi', editable: true, maxLength: 100, translate: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
