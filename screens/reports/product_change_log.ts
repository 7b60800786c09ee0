import { defineScreen } from '../../schemas/screen.ts';

/** Read-only: every add, edit and delete made through the screens of this company. */
export default defineScreen({
  form: 'product_change_log',
  menu: { icon: 'history', order: 5 },
  source: {
    relation: 'app.v_product_change_log',
    key: 'log_id',
    company: 'company_code',
    sort: [{ colId: 'log_id', sort: 'desc' }],
  },
  columns: {
    log_id: { type: 'int', width: 100 },
    logged_at: { type: 'datetime', width: 150 },
    /** The screen written through, by its title. */
    entity_name: { width: 150, renderer: 'screenTitle' },
    entity_id: { width: 150 },
    log_action: { options: ['add', 'set', 'delete'], width: 100 },
    actor: { width: 150 },
    /** What changed, in words (migration 022's field → [before, after]); the raw JSON stays in the column chooser. */
    changes: { type: 'json', renderer: 'changeSummary' },
    before: { type: 'json', renderer: 'json', hidden: true },
    after: { type: 'json', renderer: 'json', hidden: true },
  },
});
