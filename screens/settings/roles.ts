import { defineScreen } from '../../schemas/screen.ts';

/**
 * Roles (shared by all companies): name per language, active flag and how many users of
 * the session's company have the role; its users and pages as checkbox grids below.
 * Switching a role off or deleting it takes its pages from its users on their next request
 * — it needs the perms flag on each of them, and not the administrator's own last admin
 * right (rules grant_needs_perms, own_admin_right). Migration 054.
 */
export default defineScreen({
  form: 'roles',
  menu: { icon: 'shield', order: 2 },
  source: {
    relation: 'app.v_roles',
    key: 'role_id',
    write: 'app.roles',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'role_code', sort: 'asc' }],
  },
  columns: {
    role_id: { type: 'int', width: 100 },
    role_code: { editable: true, required: true, maxLength: 50, pattern: '^[a-z0-9_]+$', patternHint: 'a–z 0–9 _', width: 150 },
    role_name: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    user_count: { type: 'int', width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
  details: ['role_users', 'role_pages'],
});
