import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of roles: every page × the six flags (perms = may grant the page, list, add, set,
 * delete, events = may run the page's workflow events, migration 094), checkboxes; all six
 * off removes the grant. "All / none" of a column: Ctrl+A in
 * the grid, then Fill. A change needs the administrator's perms flag on the page (rule
 * grant_needs_perms) and reaches the role's users on their next request. Migration 054.
 */
export default defineScreen({
  form: 'role_pages',
  page: '/settings/roles',
  source: {
    relation: 'app.v_role_pages',
    key: ['role_id', 'page_code'],
    write: 'app.v_role_pages',
    sort: [{ colId: 'page_position', sort: 'asc' }],
  },
  columns: {
    role_id: { type: 'int', hidden: true },
    page_code: { hidden: true, width: 200 },
    page_position: { type: 'int', hidden: true },
    page_title: { type: 'multi', width: 200 },
    url: { width: 250 },
    can_perms: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    can_list: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    can_add: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    can_set: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    can_delete: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    // Runs the page's workflow events (Confirm, Ship, Cancel …): a right of its own, `set` fires none (migration 094).
    can_events: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
});
