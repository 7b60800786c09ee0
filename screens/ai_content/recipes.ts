import { defineScreen } from '../../schemas/screen.ts';

/**
 * Recipes (issue 25, migration 064; spec: "recipe and house (image_uri, selected_image_uri)"):
 * a title and a rich text per language (sanitized on write), the candidate image URIs and
 * the one picked from them ("Pick an image" compares them side by side). "Draft with AI"
 * writes the text in the languages where it is empty, from the title.
 */
export default defineScreen({
  form: 'recipes',
  menu: { icon: 'chef-hat', order: 7 },
  source: {
    relation: 'app.recipes',
    key: 'recipe_id',
    write: 'app.recipes',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'recipe_id', sort: 'asc' }],
  },
  columns: {
    recipe_id: { type: 'int', width: 100 },
    selected_image_uri: { label: 'selected_image', editable: true, maxLength: 2000, renderer: 'image', width: 100, sortable: false },
    title: { type: 'multi', label: 'content_title', editable: true, required: true, maxLength: 200, translate: true, width: 250 },
    body: { type: 'multi', label: 'content_body', html: true, editable: true, maxLength: 20000, width: 250 },
    image_uri: { type: 'json', label: 'image_candidates', editable: true, width: 250, sortable: false, filterable: false },
  },
  actions: { add: true, delete: true, translate: true, bulk: ['select_preview', 'ai_draft'] },
});
