import { defineScreen } from '../../schemas/screen.ts';

/**
 * The catalogue to write texts for (issue 25): each product with how many of its texts
 * (name, short and long description: 0–3) are filled per language, and its open proposals.
 * "Generate with AI" asks OpenAI for the picked products' descriptions in the chosen
 * languages; the answers are stored as proposals (ai_proposals), never on the product.
 */
export default defineScreen({
  form: 'ai_catalog',
  menu: { icon: 'book-open', order: 1 },
  source: {
    relation: 'app.v_ai_catalog',
    key: 'product_code',
    company: 'company_code',
    sort: [{ colId: 'product_code', sort: 'asc' }],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_id: { type: 'ref', lookup: 'product_brands_brief', width: 150 },
    active: { type: 'bool', renderer: 'activeFlag', width: 100 },
    texts_en: { type: 'int', width: 50 },
    texts_de: { type: 'int', width: 50 },
    texts_hu: { type: 'int', width: 50 },
    texts_sk: { type: 'int', width: 50 },
    texts_ro: { type: 'int', width: 50 },
    texts_cs: { type: 'int', width: 50 },
    texts_bg: { type: 'int', width: 50 },
    open_proposals: { type: 'int', width: 100 },
  },
  actions: { bulk: ['ai_generate'] },
});
