import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of categories: a row per language with the category's name (the same text as
 * its names in the tree, kept in step both ways), storefront slug (made from the name
 * when left empty) and SEO texts.
 */
export default defineScreen({
  form: 'category_translations',
  page: '/products/categories',
  source: {
    relation: 'app.category_translations',
    key: ['product_category_id', 'language_code'],
    write: 'app.category_translations',
    version: 'row_version',
    sort: [{ colId: 'language_code', sort: 'asc' }],
  },
  columns: {
    product_category_id: { type: 'int', hidden: true },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    category_name: { editable: true, required: true, maxLength: 100, width: 250 },
    slug: { editable: true, maxLength: 120, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', width: 200 },
    meta_title: { editable: true, maxLength: 70, width: 200 },
    meta_description: { editable: true, maxLength: 170, width: 250 },
  },
  actions: { add: true, delete: true },
});
