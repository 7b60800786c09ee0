import { defineScreen } from '../../schemas/screen.ts';

/**
 * The product texts with open AI proposals to choose from (issue 25): per product, field
 * and language, how many candidates wait and the text the product holds now. "Compare and
 * pick" shows the current text and every candidate side by side; picking one accepts it
 * (written to the product, change-logged) and rejects the others.
 */
export default defineScreen({
  form: 'select_preview',
  menu: { icon: 'scan-eye', order: 9 },
  source: {
    relation: 'app.v_ai_select_preview',
    key: 'candidate_group',
    company: 'company_code',
    sort: [{ colId: 'last_proposed_at', sort: 'desc' }],
  },
  columns: {
    candidate_group: { hidden: true, width: 200 },
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 200 },
    field_name: { label: 'ai_field', options: ['description_short', 'description'], width: 150 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', width: 100 },
    candidates: { type: 'int', width: 100 },
    current_text: { width: 250 },
    last_proposed_at: { type: 'datetime', width: 150 },
  },
  actions: { bulk: ['select_preview'] },
});
