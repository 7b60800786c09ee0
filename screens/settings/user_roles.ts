import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of users: every role × whether the user has it (a checkbox, spec §6). Giving or
 * taking a role needs the administrator's perms flag on each of its pages (rule
 * grant_needs_perms); nobody takes their own last admin right (own_admin_right). Migration 054.
 */
export default defineScreen({
  form: 'user_roles',
  page: '/settings/users',
  source: {
    relation: 'app.v_user_roles',
    key: ['user_id', 'role_id'],
    write: 'app.v_user_roles',
    company: 'company_code',
    sort: [{ colId: 'role_position', sort: 'asc' }],
  },
  columns: {
    user_id: { type: 'int', hidden: true },
    role_id: { type: 'int', hidden: true },
    role_position: { type: 'int', hidden: true },
    role_code: { width: 150 },
    role_name: { type: 'multi', width: 250 },
    active: { type: 'bool', renderer: 'activeFlag', width: 100 },
    assigned: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
});
