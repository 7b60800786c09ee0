import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: the product's texts, a row per language. Rows are written
 * through the view into the product's multi-language columns (migration 014). The long
 * description is rich text, edited in the product's form (its Texts tab): shown here as a
 * reader sees it, read-only (migration 118).
 */
export default defineScreen({
  form: 'product_translations',
  page: '/products/product_list',
  source: {
    relation: 'app.v_product_translations',
    key: ['product_code', 'language_code'],
    write: 'app.v_product_translations',
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'language_position', sort: 'asc' }],
  },
  columns: {
    product_code: { hidden: true, width: 150 },
    language_code: { renderer: 'languageCode', width: 100 },
    language_position: { type: 'int', hidden: true },
    product_name: { editable: true, maxLength: 200, width: 250 },
    description_short: { editable: true, maxLength: 1000 },
    description: { width: 250 },
  },
});
