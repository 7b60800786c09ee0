import { defineScreen } from '../../schemas/screen.ts';

/**
 * AI analytics (issue 25): the company's saved questions over sales and stock, answered
 * through Ask-AI (src/server/ai/askAi.ts). A question is typed here; "Answer" asks the model
 * for its SQL the first time (and again after the question is edited: the trigger of
 * migration 063 forgets the old SQL), else runs the saved SQL through the same guard, and
 * shows the rows (a chart for a series). When and how many rows it last answered stay in
 * the grid.
 */
export default defineScreen({
  form: 'ai_analytics',
  menu: { icon: 'activity', order: 3 },
  source: {
    relation: 'app.v_ai_analytics',
    key: 'question_id',
    write: 'app.ai_analytics',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'question_id', sort: 'asc' }],
  },
  columns: {
    question_id: { type: 'int', hidden: true },
    question: { editable: true, required: true, maxLength: 4000, width: 250, pinned: 'left' },
    sql: { label: 'ai_sql', width: 250 },
    last_answered_at: { type: 'datetime', width: 150 },
    last_row_count: { type: 'int', width: 100 },
  },
  actions: { add: true, delete: true, bulk: ['ai_analytics_run'] },
});
