import { defineScreen } from '../../schemas/screen.ts';

/**
 * The staff users who work in the session's company (migration 054: one row per user and
 * company; another company's user is no row here). Add makes a user of this company without
 * a usable password (an invitation or a password link gives them one); blocked takes effect
 * on the user's next request. The password hash is never read.
 */
export default defineScreen({
  form: 'users',
  menu: { icon: 'user-cog', order: 1 },
  source: {
    relation: 'app.v_users',
    key: 'user_id',
    write: 'app.v_users',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'user_name', sort: 'asc' }],
  },
  columns: {
    user_id: { type: 'int', width: 100 },
    user_email: { editable: true, required: true, maxLength: 254, format: 'email', width: 250, pinned: 'left' },
    user_name: { editable: true, required: true, maxLength: 100, label: 'username', width: 150 },
    first_name: { editable: true, maxLength: 100, width: 150 },
    last_name: { editable: true, maxLength: 100, width: 150 },
    // The user's name in each language's order: the row's display text (the first multi column), shown on demand.
    full_name: { type: 'multi', hidden: true, width: 200 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', default: 'en', width: 100 },
    blocked: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    companies: { width: 150 },
    roles: { type: 'multi', width: 250 },
    // A partner's user (migration 059) names the partner; /partners/user_list keeps their details.
    partner_name: { width: 200 },
    created_at: { type: 'datetime', width: 150 },
  },
  // Account actions on the users picked (src/server/actions/user_accounts.ts): set-password links, an initial password, ending sessions; the two-step sign-in policy.
  actions: { add: true, bulk: ['user_invite', 'user_password_reset', 'user_initial_password', 'user_end_sessions', 'totp_policy'] },
  details: ['user_companies', 'user_roles', 'user_pages'],
});
