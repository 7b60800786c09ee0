import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of users: every company × whether the user works in it (a checkbox). Only
 * companies the administrator works in can be given or taken (rule user_company_not_yours),
 * and a user keeps one at least (user_company_required). Migration 054.
 */
export default defineScreen({
  form: 'user_companies',
  page: '/settings/users',
  source: {
    relation: 'app.v_user_companies',
    key: ['user_id', 'user_company_code'],
    write: 'app.v_user_companies',
    company: 'company_code',
    sort: [{ colId: 'company_position', sort: 'asc' }],
  },
  columns: {
    user_id: { type: 'int', hidden: true },
    company_position: { type: 'int', hidden: true },
    user_company_code: { label: 'company_code', width: 100 },
    company_name: { width: 250 },
    assigned: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
});
