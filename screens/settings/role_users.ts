import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of roles: every user of the session's company × whether they have the role (a
 * checkbox, spec §6) — the same relation as user_roles seen from the role. Migration 054.
 */
export default defineScreen({
  form: 'role_users',
  page: '/settings/roles',
  source: {
    relation: 'app.v_user_roles',
    key: ['role_id', 'user_id'],
    write: 'app.v_user_roles',
    company: 'company_code',
    sort: [{ colId: 'user_name', sort: 'asc' }],
  },
  columns: {
    role_id: { type: 'int', hidden: true },
    user_id: { type: 'int', width: 100 },
    user_email: { width: 250 },
    user_name: { label: 'username', width: 150 },
    first_name: { width: 150 },
    last_name: { width: 150 },
    blocked: { type: 'bool', renderer: 'checkbox', width: 100 },
    assigned: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
});
