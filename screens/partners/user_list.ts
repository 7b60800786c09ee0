import { defineScreen } from '../../schemas/screen.ts';

/**
 * The users of partner companies (migration 059): people of a customer or supplier who sign
 * in like staff, with the rights their roles give them (granted on /settings/users, where
 * they are listed too). This list adds them with their partner and keeps their accounts —
 * invitations, reset links, ending sessions, blocking — under its own page's rights; the
 * company's own staff are no rows here. No delete: a user who leaves is blocked.
 */
export default defineScreen({
  form: 'user_list',
  menu: { icon: 'user', order: 2 },
  source: {
    relation: 'app.v_partner_users',
    key: 'user_id',
    write: 'app.v_partner_users',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'partner_id', sort: 'asc' },
      { colId: 'user_name', sort: 'asc' },
    ],
  },
  columns: {
    user_id: { type: 'int', width: 100 },
    partner_id: { type: 'ref', lookup: 'partners_brief', label: 'partner', editable: true, required: true, width: 200, pinned: 'left' },
    user_email: { editable: true, required: true, maxLength: 254, format: 'email', width: 250 },
    user_name: { editable: true, required: true, maxLength: 100, label: 'username', width: 150 },
    first_name: { editable: true, maxLength: 100, width: 150 },
    last_name: { editable: true, maxLength: 100, width: 150 },
    job_title: { editable: true, maxLength: 100, width: 200 },
    phone: { editable: true, maxLength: 50, width: 150 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', default: 'en', width: 100 },
    blocked: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    roles: { type: 'multi', width: 200 },
    last_sign_in_at: { type: 'datetime', width: 150 },
    created_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, bulk: ['partner_user_invite', 'partner_user_password_reset', 'partner_user_end_sessions'] },
});
