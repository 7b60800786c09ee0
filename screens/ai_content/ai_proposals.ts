import { defineScreen } from '../../schemas/screen.ts';

/**
 * Texts an AI engine proposed for products (issue 25, migration 064), beside the product's
 * current text. An open proposal's text can be edited here; "Accept" writes it to the
 * product through the product texts' own write path (the product change log records it)
 * and rejects the other open proposals for the same text; "Reject" sets it aside.
 */
export default defineScreen({
  form: 'ai_proposals',
  menu: { icon: 'lightbulb', order: 2 },
  source: {
    relation: 'app.v_ai_proposals',
    key: 'proposal_id',
    write: 'app.ai_proposals',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'created_at', sort: 'desc' }],
  },
  columns: {
    proposal_id: { type: 'int', width: 100 },
    product_code: { references: 'product_list', width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 200 },
    field_name: { label: 'ai_field', options: ['description_short', 'description'], width: 150 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', width: 100 },
    current_text: { width: 250 },
    proposed_text: { editable: true, required: true, maxLength: 20000, pattern: '^[^<>]*$', width: 250 },
    state: { label: 'ai_state', options: ['proposed', 'accepted', 'rejected'], width: 100 },
    model: { label: 'ai_model', width: 100, hidden: true },
    created_by_name: { width: 150 },
    created_at: { type: 'datetime', width: 150 },
    decided_by_name: { width: 150, hidden: true },
    decided_at: { type: 'datetime', width: 150, hidden: true },
  },
  actions: { delete: true, bulk: ['ai_accept', 'ai_reject'] },
});
