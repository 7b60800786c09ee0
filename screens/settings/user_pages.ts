import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of users: every page × the user's own six flags (checkboxes: grant, view, add,
 * edit, delete, events — the page's workflow events, migration 094), beside the
 * effective rights (own ∪ the user's active roles, what the session grants) and the roles
 * they come from. "All / none" of a column: Ctrl+A in the grid, then Fill. A change needs the
 * administrator's perms flag on the page (rule grant_needs_perms). Migration 054.
 */
export default defineScreen({
  form: 'user_pages',
  page: '/settings/users',
  source: {
    relation: 'app.v_user_pages',
    key: ['user_id', 'page_code'],
    write: 'app.v_user_pages',
    company: 'company_code',
    sort: [{ colId: 'page_position', sort: 'asc' }],
  },
  columns: {
    user_id: { type: 'int', hidden: true },
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
    eff_perms: { type: 'bool', renderer: 'checkbox', width: 100 },
    eff_list: { type: 'bool', renderer: 'checkbox', width: 100 },
    eff_add: { type: 'bool', renderer: 'checkbox', width: 100 },
    eff_set: { type: 'bool', renderer: 'checkbox', width: 100 },
    eff_delete: { type: 'bool', renderer: 'checkbox', width: 100 },
    eff_events: { type: 'bool', renderer: 'checkbox', width: 100 },
    via_roles: { type: 'multi', width: 250 },
  },
});
