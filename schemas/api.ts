/**
 * The HTTP contract (spec §7) as valibot schemas: the server validates every request
 * and response with them, codegen turns them into `openapi.yaml`, and the browser
 * client gets its types from that document.
 */
import * as v from 'valibot';
import { FilterItem, FilterModel, SortModel, serverSideRequestKeys } from './agGrid.ts';
import { MAX_NEWS_FETCH } from '../src/core/news.ts';
import { AI_CHAT_ENGINES, AI_CONTENT_FORMS, AI_TEXT_FIELDS, MAX_AI_DECIDE, MAX_AI_GENERATE } from '../src/core/aiContent.ts';
import { LANGS } from '../src/core/langs.ts';
import { AI_MAX_TOKENS, AI_SYSTEM_PROMPT_MAX } from '../src/core/aiLimits.ts';
import { emailSchema } from '../src/core/email.ts';
import { TRACKING_PROBLEM_CODES } from '../src/core/courier.ts';

const lang = v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'a two-letter language code'));
const currencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'a three-letter currency code'));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Multi-language text: an object keyed by language code. */
export const MultiText = v.record(v.string(), v.string());

export const ErrorBody = v.object({
  error: v.string(),
  message: v.string(),
  /** `rule_violated`: the database rule that refused the write (locale key `rules.<rule>`). */
  rule: v.optional(v.string()),
  /**
   * The error's parameters, by code: `field` (the input's dot path) for `unknown_field`,
   * `unknown_column` (with `column`), `unsupported` and `foreign_reference` (with `value`:
   * the key that names no row of the company).
   */
  params: v.optional(v.record(v.string(), v.string())),
});

// ── auth ────────────────────────────────────────────────────────────────
/** An account's address by the one rule of it (core/email.ts): the normal form (trimmed, lower case) goes on. */
const email = emailSchema({ required: 'email is required', invalid: 'email must be valid', tooLong: 'email must have at most 254 characters' });
/** A password as typed (the rule, core/password/policy.ts, is checked where one is set: 400 `weak_password`). */
const password = v.pipe(v.string(), v.nonEmpty('password is required'), v.maxLength(1024));
export const LoginInput = v.strictObject({
  email,
  password,
  /**
   * The second factor of a user who enrolled TOTP: a 6-digit code or a recovery code.
   * Without it such a sign-in answers 401 `totp_required` (the password was right); a wrong,
   * expired or replayed code 401 `invalid_totp`, throttled (429). A user holding an initial
   * password (given by an administrator) gets no tokens but 403 `password_change_required`
   * with `params.token`, a set-password link's token (set_password).
   */
  totp_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  /**
   * The browser's sign-in: the refresh token goes into the HttpOnly cookie
   * `auth.refresh_token.local` (Path=/rpc/refresh_token) instead of the body, out of any
   * script's reach. Without it (API clients) the body carries it, as spec §7 says.
   */
  refresh_cookie: v.optional(v.boolean()),
});
/**
 * `refresh_token` is absent when it went into the refresh cookie: a login with
 * `refresh_cookie`, or a refresh that came by the cookie (it goes back the way it came).
 */
export const TokenPair = v.object({ token: v.string(), refresh_token: v.optional(v.string()) });
/** The refresh token from the body, else the Bearer header (the retry path), else the refresh cookie. */
export const RefreshInput = v.strictObject({ refresh_token: v.optional(text(200)) });
/** The session ends by the access token's `sid` (Bearer, even just expired) and/or by a refresh token in the body. */
export const LogoutInput = v.strictObject({ refresh_token: v.optional(text(200)) });
export const LogoutOutput = v.object({ data: v.object({ revoked: v.number() }) });

// ── session ─────────────────────────────────────────────────────────────
export const Permissions = v.object({
  perms: v.boolean(),
  list: v.boolean(),
  add: v.boolean(),
  set: v.boolean(),
  delete: v.boolean(),
  /** May run the page's workflow events (migration 094). */
  events: v.boolean(),
});
export interface MenuNode {
  page_code: string;
  page_title: Record<string, string>;
  url: string | null;
  icon: string;
  menu: boolean;
  perms: v.InferOutput<typeof Permissions>;
  children: MenuNode[];
}
export const MenuNode: v.GenericSchema<MenuNode> = v.object({
  page_code: v.string(),
  page_title: MultiText,
  url: v.nullable(v.string()),
  icon: v.string(),
  menu: v.boolean(),
  perms: Permissions,
  children: v.array(v.lazy(() => MenuNode)),
});
export const Company = v.object({
  company_code: v.string(),
  company_name: v.string(),
  currency_code: v.string(),
  country_code: v.string(),
});
export const UserInput = v.strictObject({});
export const UserOutput = v.object({
  user_id: v.number(),
  user_name: v.string(),
  user_email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  blocked: v.boolean(),
  language_code: v.string(),
  bookmarks: v.array(v.object({ path: v.string() })),
  companies: v.array(Company),
  /** The company this request runs in (verified X-Company, else the first). */
  company: v.nullable(v.string()),
  menu: v.array(MenuNode),
  /**
   * The workflow types whose events this user may run (the `events` right on the type's page,
   * fsm_types.page_code): the grids' buttons and Actions menu and the kanban board offer
   * events only of these. The page may be one the menu does not list (a courier clerk ships
   * from the courier list without the sales orders page).
   */
  event_types: v.array(v.string()),
  scope: v.array(v.string()),
  /** The session may do nothing but enrol TOTP (the `totp_required` setting and a perms flag): the app opens the profile page. */
  totp_enrol_required: v.boolean(),
});

export const Language = v.object({
  language_code: v.string(),
  iso_code: v.string(),
  language_name: v.string(),
  flag_code: v.string(),
  family_name_first: v.boolean(),
});
export const InitInput = v.strictObject({ language_code: v.optional(lang) });
export const InitOutput = v.object({
  status: v.number(),
  data: v.object({
    languages: v.array(Language),
    all_languages: v.array(Language),
    language: v.nullable(Language),
    companies: v.array(Company),
    cdn: v.string(),
    /** Where flag images come from: a URL template with `{code}` ('/flags/{code}.svg': this server; FLAG_SERVICE_URL: an outside service). */
    flags: v.string(),
  }),
});

export const SetUserLanguageInput = v.strictObject({ language_code: lang });
export const SetUserLanguageOutput = v.object({ data: v.object({ language_code: v.string() }) });

// ── account: password links, own password and sessions, TOTP ───────────
/** Forgot password: mails a reset link when the address is a user's; the answer is the same for any address. */
export const ForgotPasswordInput = v.strictObject({ email });
export const ForgotPasswordOutput = v.object({ data: v.object({ sent: v.boolean() }) });
/** Sets a password by the token of a mailed link (invitation or reset); 400 `invalid_link` when unknown, used or expired. */
export const SetPasswordInput = v.strictObject({ token: v.pipe(v.string(), v.nonEmpty('token is required'), v.maxLength(200)), password });
export const SetPasswordOutput = v.object({ data: v.object({ email: v.string() }) });
/** The signed-in user's new password; the current one is required (400 `wrong_password`, throttled like sign-in). Other sessions end. */
export const ChangePasswordInput = v.strictObject({ current_password: password, new_password: password });
export const SessionsEndedOutput = v.object({ data: v.object({ revoked: v.number() }) });
export const EndOtherSessionsInput = v.strictObject({});
export const TotpStatusInput = v.strictObject({});
export const TotpStatusOutput = v.object({
  data: v.object({
    /** A confirmed second factor: sign-in asks for a code. */
    enabled: v.boolean(),
    /** Enrolment started, waiting for its first code. */
    pending: v.boolean(),
    recovery_codes_left: v.number(),
    /** The `totp_required` setting applies to this user (a perms flag): it cannot be turned off. */
    enforced: v.boolean(),
  }),
});
export const TotpEnrolInput = v.strictObject({});
/**
 * A new secret (base32, to type in) and its otpauth:// URI (the QR code); nothing asks for it
 * until confirmed. A confirmed factor is not replaced (409 `totp_enabled`): it is turned off
 * first, which takes a current code (totp_disable).
 */
export const TotpEnrolOutput = v.object({ data: v.object({ secret: v.string(), uri: v.string() }) });
export const TotpConfirmInput = v.strictObject({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'code must be 6 digits')) });
/** The recovery codes (shown once) and an access token of this session that is no longer held to enrolment. */
export const TotpConfirmOutput = v.object({ data: v.object({ recovery_codes: v.array(v.string()), token: v.string() }) });
/**
 * Turns the second factor off: a current code of the app or an unused recovery code proves
 * it, checked as sign-in checks one (a step after the last one taken — no replay — and
 * throttled). The password alone does not: whoever holds it, or an open session, could
 * otherwise remove the factor that guards against exactly that. A wrong, used or expired
 * code: 400 `invalid_totp` with `params.field` `body.code`.
 */
export const TotpDisableInput = v.strictObject({ code: v.pipe(v.string(), v.trim(), v.nonEmpty('code is required'), v.maxLength(40)) });
export const TotpDisableOutput = v.object({ data: v.object({ enabled: v.boolean() }) });
/** `user_invite`, `user_password_reset`, `user_end_sessions` set (/settings/users; `partner_user_*` from /partners/user_list): the users picked, all of the session's company. */
export const UserAccountsPayload = v.strictObject({
  user_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one user'), v.maxLength(500, 'at most 500 users')),
});
export const UserAccountsOutput = v.object({ data: v.object({ users: v.number() }) });
/**
 * `user_initial_password` set (/settings/users): a password for exactly one user of the
 * session's company (else 400 `one_user_required`), which she must change at her next
 * sign-in; her sessions end. Answers UserAccountsOutput.
 */
export const InitialPasswordPayload = v.strictObject({
  user_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(500, 'at most 500 users')),
  password,
});
/** `totp_policy` set (the perms right on /settings/users): whether users who may grant a page must enrol TOTP; list answers the same shape. */
export const TotpPolicyPayload = v.strictObject({ required: v.boolean() });
export const TotpPolicyOutput = v.object({ data: v.object({ required: v.boolean() }) });

// ── reference data ──────────────────────────────────────────────────────
export const Currency = v.object({
  currency_code: v.string(),
  currency_name: MultiText,
  currency_precision: v.number(),
});
export const CurrenciesInput = v.strictObject({ currency_code: v.optional(v.nullable(currencyCode)) });
export const CurrenciesOutput = v.object({
  data: v.object({
    currency: v.nullable(Currency),
    currencies: v.array(Currency),
    /** Value of one unit of each currency in the company's own currency. */
    company_rates: v.record(v.string(), v.number()),
  }),
});
export const ViewRatesInput = v.strictObject({ currency_code: currencyCode });
export const ViewRatesOutput = v.object({
  data: v.object({
    currency_code: v.string(),
    /** Value of one unit of each currency in the view currency. */
    rates: v.record(v.string(), v.number()),
  }),
});
export interface CategoryNode {
  product_category_id: number;
  category_name: string;
  position: number;
  children: CategoryNode[];
}
export const CategoryNode: v.GenericSchema<CategoryNode> = v.object({
  product_category_id: v.number(),
  category_name: v.string(),
  position: v.number(),
  children: v.array(v.lazy(() => CategoryNode)),
});
export const CategoryTreeInput = v.strictObject({ language_code: v.optional(lang) });
export const CategoryTreeOutput = v.array(CategoryNode);

export const Shop = v.object({
  shop_id: v.number(),
  hostname: v.string(),
  shop_name: v.string(),
  company_code: v.string(),
  currency_code: v.string(),
  language_code: v.string(),
});
export const ShopsOutput = v.array(Shop);

// ── logs ────────────────────────────────────────────────────────────────
export const PageLogInput = v.strictObject({ _page_name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(500)) });
export const PageLogOutput = v.object({ data: v.object({ allowed: v.boolean() }) });
export const PageErrorLogInput = v.strictObject({
  _page_name: v.pipe(v.string(), v.maxLength(500)),
  _error: v.pipe(v.string(), v.maxLength(10_000)),
});
export const PageErrorLogOutput = v.object({ data: v.object({ logged: v.boolean() }) });

// ── AI ──────────────────────────────────────────────────────────────────
export const AiQueryInput = v.strictObject({
  question: v.pipe(v.string('Question must be a non-empty string.'), v.trim(), v.nonEmpty('Question must be a non-empty string.'), v.maxLength(4000)),
  options: v.optional(v.record(v.string(), v.unknown())),
});
/**
 * GET /ai/status (`list` on /ai-query): whether Ask-AI can answer on this server — the engine it
 * asks and the environment variable that gives that engine its key (never the key). The page
 * and the sidebar say it before a question is typed; a question without it answers 503
 * `not_configured` with the same engine and variable.
 */
export const AiStatusOutput = v.object({ configured: v.boolean(), engine: v.string(), variable: v.string() });
/** The Ask-AI sidebar: a question of the conversation (POST /ai/chat). */
export const AiChatInput = v.strictObject({
  question: v.pipe(v.string('Question must be a non-empty string.'), v.trim(), v.nonEmpty('Question must be a non-empty string.'), v.maxLength(4000)),
});
/** A saved question of /ai_content/ai_analytics answered again (`ai_analytics_run`). */
export const AiAnalyticsRunPayload = v.strictObject({ question_id: v.pipe(v.number(), v.integer(), v.minValue(1)) });
const AiCell = v.union([v.string(), v.number(), v.boolean(), v.null(), v.record(v.string(), v.unknown()), v.array(v.unknown())]);
export const AiAnalyticsRunOutput = v.object({
  data: v.object({
    sql: v.string(),
    columns: v.array(v.object({ name: v.string(), kind: v.picklist(['number', 'text']) })),
    rows: v.array(v.array(AiCell)),
    chart: v.nullable(v.object({ label: v.string(), series: v.array(v.string()) })),
  }),
});

// ── api_action ──────────────────────────────────────────────────────────
export const actions = ['list', 'filter', 'set', 'add', 'delete', 'delete_preview', 'undo', 'redo', 'aggregate'] as const;
export const ApiActionInput = v.strictObject({
  entity: v.pipe(v.string(), v.nonEmpty('entity is required'), v.maxLength(100)),
  action: v.picklist(actions, `action must be one of ${actions.join(', ')}`),
  payload: v.optional(v.unknown()),
});
export const ApiActionOutput = v.object({ data: v.unknown() });

// AG Grid's request shapes (sort and filter models, the server-side request): schemas/agGrid.ts.
export { ColumnFilter, ColumnVO, FilterCondition, FilterItem, FilterModel, SortModel, SortModelItem } from './agGrid.ts';
const scalar = v.union([v.string(), v.number(), v.boolean()]);
/**
 * AG Grid's server-side (IServerSideGetRowsRequest) and infinite (IGetRowsParams) row-model
 * request, every part optional, plus our own keys below. Grouping and pivoting
 * (rowGroupCols, groupKeys, pivotCols, pivotMode) are refused by meaning (400
 * `unsupported`; groups come from `aggregate`); valueCols are checked and ignored (only
 * group rows carry aggregates).
 */
export const ListPayload = v.strictObject({
  startRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  endRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sortModel: v.optional(SortModel),
  filterModel: v.optional(v.nullable(FilterModel)),
  ...serverSideRequestKeys,
  /** Language of multi-language columns for filters and sort; default: the user's language. */
  language: v.optional(lang),
  /** Keyset window: the sort values of the last row already loaded (client passes them back). */
  after: v.optional(v.array(v.nullable(scalar))),
  /**
   * How `total` is counted: 'estimate' (default) answers the planner's estimate when it is
   * above 100,000 rows (`totalExact: false`), else counts exactly; 'exact' always counts. A
   * window that holds the end of the rows answers the exact total either way.
   */
  count: v.optional(v.picklist(['exact', 'estimate'], 'count must be exact or estimate')),
  /** Search lookups only (`source.search`): rows whose key or text columns contain every word, best matches first. */
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'search is at most 100 characters'))),
  /**
   * Where one row stands: its key (every key field) instead of a window. The answer is
   * `{position}`: the row's index in this order under these filters (0 = first), null when
   * no such row passes them.
   */
  locate: v.optional(v.record(v.string(), scalar)),
});
export const LocateOutput = v.object({ data: v.object({ position: v.nullable(v.number()) }) });
/**
 * A row of any form: its keys, columns and version by field. The row of each form, field
 * by field, is `components.schemas.FormRows.<form>` (codegen, from the descriptors).
 */
export const Row = v.record(v.string(), v.unknown());
/**
 * `filter`: column = value equalities (checked per column by the engine), with startRow,
 * endRow, sortModel, after, language and count of ListPayload beside them.
 */
export const FilterPayload = v.objectWithRest({
  startRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  endRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sortModel: v.optional(SortModel),
  language: v.optional(lang),
  after: v.optional(v.array(v.nullable(scalar))),
  count: v.optional(v.picklist(['exact', 'estimate'], 'count must be exact or estimate')),
}, v.unknown());
export const ListOutput = v.object({
  data: v.object({
    rows: v.array(Row),
    total: v.number(),
    /** false when `total` is the planner's estimate (a large source, unless the payload asks `count: 'exact'`). */
    totalExact: v.boolean(),
  }),
});
export const DeletePayload = v.strictObject({ keys: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(10_000)) });
export const DeleteOutput = v.object({
  data: v.object({
    deleted: v.number(),
    /** The change-log rows of the deletes, one per row (undo them to put the rows back with what cascaded). */
    log_ids: v.optional(v.array(v.number())),
  }),
});
/**
 * `delete_preview` (payload `DeletePayload`, the delete permission): what a delete of these
 * keys would take, under the same company checks — how many rows, the first few of them
 * (display key and the value that names them, a multi-language object or a text), and
 * the rows the database's ON DELETE CASCADE keys would remove with them, counted per
 * screen that shows them (`form` null: a table no screen shows).
 */
export const DeletePreviewOutput = v.object({
  data: v.object({
    count: v.number(),
    rows: v.array(v.object({ key: v.string(), name: v.unknown() })),
    dependents: v.array(v.object({ form: v.nullable(v.string()), count: v.number() })),
  }),
});

/** Id of a product_change_log row. */
const logId = v.pipe(v.number(), v.safeInteger('a log id must be an integer'), v.minValue(1, 'a log id must be positive'));
/** `set` of one row: the key, the row version and the changed editable fields (by form). */
export const SetPayload = v.record(v.string(), v.unknown());
/** `log_id`: the change's product_change_log id; none when the row already held the values. */
export const SetOutput = v.object({ data: v.object({ row: Row, log_id: v.optional(v.number()) }) });
/** `add`: the editable fields, and the key unless the database generates it (checked per form). */
export const AddPayload = v.record(v.string(), v.unknown());
/** The added row as the form reads it, and the change-log id of the add. */
export const AddOutput = v.object({ data: v.object({ row: Row, log_id: v.number() }) });
/** Most rows of one bulk set (paste, fill a selection). */
export const MAX_BULK_ROWS = 5_000;
/**
 * Bulk `set`: each row like a single set payload. One transaction, all or nothing; a
 * failing row is a 400/409 whose message starts with `payload.rows.<index>.`.
 */
export const BulkSetPayload = v.strictObject({
  rows: v.pipe(v.array(Row), v.minLength(1, 'rows must not be empty'), v.maxLength(MAX_BULK_ROWS, `at most ${MAX_BULK_ROWS} rows`)),
});
export const BulkSetOutput = v.object({
  data: v.object({ rows: v.array(Row), /** product_change_log ids, in the order of the rows that changed (a row already holding its values has none). */ log_ids: v.array(v.number()) }),
});
/**
 * `undo`: reverts the user's own `set` changes of this form (and company), newest first,
 * in one transaction; a field changed since → 409 `changed_since`, nothing reverted. Log
 * ids of the user's deletes put the deleted rows back with what cascaded (the delete
 * permission); a key taken since → 409 `restore_conflict`, nothing restored.
 * `redo` takes the same payload and answer: the log ids an undo answered (its reverts),
 * written again through the edit's own path (engine/redo.ts).
 */
export const UndoPayload = v.strictObject({
  log_ids: v.pipe(v.array(logId), v.minLength(1, 'log_ids must not be empty'), v.maxLength(MAX_BULK_ROWS, `at most ${MAX_BULK_ROWS} log ids`)),
});
export const UndoOutput = v.object({
  data: v.object({
    /** The current rows touched, newest change first. */
    rows: v.array(Row),
    /** The change-log rows of the reverts (undo them again to redo). */
    log_ids: v.array(v.number()),
  }),
});

export const aggregateFunctions = ['sum', 'avg', 'min', 'max', 'count'] as const;
/** Grouped counts and aggregates over the rows a list would answer (same filters, same company). */
export const AggregatePayload = v.strictObject({
  filterModel: v.optional(FilterModel),
  /** At most three columns; not multi-language or JSON columns. */
  groupBy: v.optional(v.pipe(v.array(v.string()), v.maxLength(3, 'groupBy takes at most 3 columns'))),
  /** Per column: sum and avg for numeric columns; min and max for any comparable column; count of non-empty values. */
  aggregates: v.optional(
    v.record(v.string(), v.pipe(v.array(v.picklist(aggregateFunctions, `an aggregate is one of ${aggregateFunctions.join(', ')}`)), v.minLength(1), v.maxLength(5))),
  ),
  language: v.optional(lang),
});
/** Per column, the functions asked for: numbers (min and max of a date or text column: its text), null over no values. */
const aggregateValue = v.optional(v.nullable(v.union([v.number(), v.string()])));
export const AggregateValues = v.record(
  v.string(),
  v.object({ sum: aggregateValue, avg: aggregateValue, min: aggregateValue, max: aggregateValue, count: aggregateValue }),
);
export const AggregateGroup = v.object({
  key: v.record(v.string(), v.unknown()),
  count: v.number(),
  aggs: AggregateValues,
});
export const MAX_GROUPS = 1_000;
export const AggregateOutput = v.object({
  data: v.object({
    /** Sorted by key; empty without groupBy; at most 1,000 (then `truncated`). */
    groups: v.array(AggregateGroup),
    totals: v.object({ count: v.number(), aggs: AggregateValues }),
    truncated: v.boolean(),
  }),
});

// ── grid state and saved views (custom actions grid_state, grid_views) ─────
/** A descriptor's form name. */
const formName = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'form must be a form name'), v.maxLength(100));
/** Most bytes of a grid state as JSON. */
export const MAX_GRID_STATE = 64 * 1024;
/** Column state, sort and filters of a grid as the browser keeps them: a plain JSON object (≤ 64 KB). */
export const GridState = v.record(v.string(), v.unknown());
const viewId = v.pipe(v.number(), v.safeInteger('view_id must be an integer'), v.minValue(1), v.maxValue(2_147_483_647));
export const GridStateListPayload = v.strictObject({ form: formName });
/** `view_id`: the saved view applied to the grid (marked again after a reload); absent or null: none. */
export const GridStateSetPayload = v.strictObject({ form: formName, state: GridState, view_id: v.optional(v.nullable(viewId)) });
export const GridStateDeletePayload = v.strictObject({ keys: v.pipe(v.array(formName), v.minLength(1), v.maxLength(100)) });
/** `view`: the view saved as applied, while the user may still see it (own or shared, same form); else null. */
const AppliedView = v.nullable(v.object({ view_id: v.number(), name: v.string(), state: GridState }));
export const GridStateListOutput = v.object({
  data: v.object({ rows: v.array(v.object({ form: v.string(), state: GridState, view: AppliedView, updated_at: v.string() })), total: v.number() }),
});
export const GridStateSetOutput = v.object({ data: v.object({ row: v.object({ form: v.string(), state: GridState, updated_at: v.string() }) }) });
const viewName = v.pipe(v.string(), v.trim(), v.nonEmpty('name is required'), v.maxLength(100, 'name is at most 100 characters'));
export const GridView = v.object({
  view_id: v.number(),
  form: v.string(),
  name: v.string(),
  shared: v.boolean(),
  state: GridState,
  row_version: v.number(),
  /** The owner's name (first and last name). */
  owner: v.string(),
  /** The view belongs to the signed-in user (only then it may be changed or deleted). */
  mine: v.boolean(),
  updated_at: v.string(),
});
export const GridViewsListPayload = v.strictObject({ form: formName });
export const GridViewsListOutput = v.object({ data: v.object({ rows: v.array(GridView), total: v.number() }) });
export const GridViewAddPayload = v.strictObject({ form: formName, name: viewName, shared: v.optional(v.boolean(), false), state: GridState });
export const GridViewSetPayload = v.strictObject({
  view_id: viewId,
  row_version: v.pipe(v.number(), v.safeInteger()),
  /** A rename: refused (409 view_name_taken) when the owner has the name for another view of the form. */
  name: v.optional(viewName),
  shared: v.optional(v.boolean()),
  state: v.optional(GridState),
});
export const GridViewOutput = v.object({ data: v.object({ row: GridView }) });
export const GridViewDeletePayload = v.strictObject({
  keys: v.pipe(v.array(viewId), v.minLength(1), v.maxLength(1_000)),
});

// ── custom actions of the grid and the chrome (api_action entities beside the forms) ─────
const productCode = v.pipe(v.string(), v.nonEmpty(), v.maxLength(40));
/** `keep_in_stock` set: the keep-in-stock cell's click (0 no, 1 yes, 2 on order), without a row version. */
export const KeepInStockPayload = v.strictObject({
  product_code: productCode,
  keep_in_stock: v.picklist([0, 1, 2], 'keep_in_stock must be 0, 1 or 2'),
});
/** The product_list row's new value and version; `log_id`: its product_list change (product_list's undo reverts it). */
export const KeepInStockOutput = v.object({
  data: v.object({ product_code: v.string(), keep_in_stock: v.number(), row_version: v.number(), log_id: v.optional(v.number()) }),
});

// ── workflows (spec §7: fsm_trigger and trigger_fsms, trigger_fsm) ─────
/** A workflow's type, state or event code as the definitions store it. */
const fsmCode = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'a code of lower-case letters, digits and _ (at most 40)'));
const fsmInstanceId = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
/** The most instances one trigger moves (a grid selection). */
export const MAX_FSM_INSTANCES = 1_000;
/** What a trigger carries beside the event: the confirmation's checkbox, and what the user saw (stale → 409 `stale_state`). */
const fsmTriggerParams = {
  /** The event's checkbox (its `params.checkbox` label), when the event has one. */
  checkbox: v.optional(v.boolean()),
  /** The state the user saw the instances in: any other now → 409 `stale_state`. */
  state_code: v.optional(fsmCode),
  /** The instance's version the user saw (one instance only): another → 409 `stale_state`. */
  row_version: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
};
/** `fsm_trigger` / `trigger_fsms` set: one event fired on instances of one workflow type, in one transaction. */
export const FsmTriggerPayload = v.strictObject({
  event_code: fsmCode,
  fsm_instance_id: v.pipe(v.array(fsmInstanceId), v.minLength(1, 'at least one instance'), v.maxLength(MAX_FSM_INSTANCES, `at most ${MAX_FSM_INSTANCES} instances`)),
  params: v.optional(v.strictObject(fsmTriggerParams), {}),
});
/** `trigger_fsm` set: one instance, and the e-mail the event sends (events whose `params.email` is set). */
export const TriggerFsmPayload = v.strictObject({
  event_code: fsmCode,
  fsm_instance_id: fsmInstanceId,
  params: v.optional(v.strictObject({ ...fsmTriggerParams, email_body: v.optional(v.pipe(v.string(), v.maxLength(100_000, 'at most 100000 characters'))) }), {}),
});
/** An event a state offers (spec §7 fsm_actions): its names and how the UI shows it (bv_variant, bv_icon, checkbox, email). */
export const FsmAction = v.object({
  event_code: v.string(),
  event_names: v.record(v.string(), v.string()),
  params: v.record(v.string(), v.unknown()),
  /** Offered in the toolbar's menu over picked rows (the transition's show_in_fsm_actions). */
  menu: v.optional(v.boolean()),
  /** Shown as a button in the row (show_in_fsm_buttons). */
  button: v.optional(v.boolean()),
});
/** An instance as the workflow screens' rows carry it. */
export const FsmInstanceState = v.object({
  fsm_instance_id: v.number(),
  type_code: v.string(),
  state_code: v.string(),
  state_names: v.record(v.string(), v.string()),
  final_state: v.boolean(),
  fsm_actions: v.array(FsmAction),
  row_version: v.number(),
});
/** `fsm_board` list: a workflow type's definition for the board and the diagram (its page's `list` permission). */
export const FsmBoardPayload = v.strictObject({ type_code: fsmCode });
const names = v.record(v.string(), v.string());
export const FsmBoardOutput = v.object({
  data: v.object({
    type: v.object({ type_code: v.string(), type_names: names, timeout_event_code: v.nullable(v.string()), on_loop: v.nullable(v.string()), default_loop_interval: v.nullable(v.number()) }),
    /** The page of the type's records (the board lists them through its form). */
    url: v.string(),
    states: v.array(v.object({ state_id: v.number(), state_code: v.string(), state_names: names, initial_state: v.boolean(), final_state: v.boolean(), show_in_filters: v.boolean() })),
    events: v.array(v.object({ event_code: v.string(), event_names: names, event_params: v.record(v.string(), v.unknown()) })),
    transitions: v.array(
      v.object({
        transition_id: v.number(),
        event_code: v.string(),
        from_state_id: v.number(),
        to_state_id: v.number(),
        timeout: v.nullable(v.number()),
        position: v.number(),
        show_in_fsm_actions: v.boolean(),
        show_in_fsm_buttons: v.boolean(),
        row_version: v.number(),
      }),
    ),
    /** Instances per state in the session's company. */
    counts: v.record(v.string(), v.number()),
  }),
});

/** The instances after the trigger, in the order asked. */
export const FsmTriggerOutput = v.object({ data: v.object({ rows: v.array(FsmInstanceState) }) });

/** A bookmark is a path without the language prefix: '/products/brands'. */
export const Bookmark = v.strictObject({ path: v.pipe(v.string(), v.regex(/^(\/[A-Za-z0-9_@%~-]+)+$/, 'path must be a local path without query')) });
/** `user_bookmarks` set: the user's bookmarks, replaced by this list (order kept, duplicates dropped). */
export const UserBookmarksPayload = v.pipe(v.array(Bookmark), v.maxLength(200, 'at most 200 bookmarks'));
export const UserBookmarksSetOutput = v.object({ data: v.object({ bookmarks: v.array(v.object({ path: v.string() })) }) });
export const UserBookmarksListOutput = v.object({
  data: v.object({ rows: v.array(v.object({ path: v.string() })), total: v.number(), totalExact: v.boolean() }),
});

/** The entries of one page: a grid window holds 100 rows. */
export const MAX_LABEL_ENTRIES = 500;
/** `change_labels` list: the change log entries (log ids) whose ref values are to be named. */
export const ChangeLabelsPayload = v.strictObject({
  log_ids: v.pipe(v.array(v.pipe(v.number(), v.safeInteger())), v.maxLength(MAX_LABEL_ENTRIES, `at most ${MAX_LABEL_ENTRIES} entries`)),
  language: v.optional(lang),
});
/** The texts of the entries' ref values: logged form → field → key → text (a key whose row is gone has none). */
export const ChangeLabelsOutput = v.object({ data: v.object({ labels: v.record(v.string(), v.record(v.string(), v.record(v.string(), v.string()))) }) });

/** The bound of a purchase price (the purchase prices screen's). */
export const MAX_PURCHASE_PRICE = 100_000_000;
const MAX_PRICE_KEYS = 100_000;
/**
 * `purchase_price_update` filter (the preview, nothing changed) and set (one transaction):
 * a percentage or an amount applied to purchase prices of the picked rows (`keys`) or of
 * the rows of `filterModel` minus `except`.
 */
/** `courier_export` list: the picked orders ready to ship (absent: every one of the company). */
export const CourierExportPayload = v.strictObject({
  order_ids: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one order'), v.maxLength(5000, 'at most 5000 orders'))),
});
/** `courier_tracking` set: the carrier's file of (reference, tracking_number) as text (CSV with a header line). */
export const CourierTrackingPayload = v.strictObject({
  csv: v.pipe(v.string(), v.nonEmpty('an empty file'), v.maxLength(2_000_000, 'at most 2000000 characters')),
});
export const PurchasePriceUpdatePayload = v.strictObject({
  /** The prices to change: base (company currency) and/or original (the supplier's). */
  fields: v.pipe(
    v.array(v.picklist(['purchase_price_base', 'purchase_price_original'], 'fields are purchase_price_base and purchase_price_original')),
    v.minLength(1, 'choose at least one price'),
    v.check((f) => new Set(f).size === f.length, 'a price is named twice'),
  ),
  /** percent: price × (1 + value / 100); amount: price + value (base price only). */
  mode: v.picklist(['percent', 'amount'], 'mode must be percent or amount'),
  value: v.pipe(v.number(), v.finite(), v.check((n) => n !== 0, 'a change of 0 changes nothing')),
  /** The new prices are rounded to this many decimals. */
  decimals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)), 2),
  /** The picked rows (product codes); without them, the rows of filterModel minus `except`. */
  keys: v.optional(v.pipe(v.array(productCode), v.minLength(1, 'keys must not be empty'), v.maxLength(MAX_PRICE_KEYS))),
  filterModel: v.optional(v.record(v.string(), FilterItem)),
  except: v.optional(v.pipe(v.array(productCode), v.maxLength(MAX_PRICE_KEYS))),
  language: v.optional(lang),
});
/** The preview: rows chosen, rows whose prices change, new prices out of bounds. */
/** `pick_list_create` add (/warehouse/pick_lists): a pick list of the paid orders given (absent: every paid order of the company) with goods to pick. */
export const PickListCreatePayload = v.strictObject({
  order_ids: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one order'), v.maxLength(1000, 'at most 1000 orders'))),
});
/** The list made: its key, number and lines; `short`: what it could not take per order and product (stock earlier orders reserve, or no storage holds), the product's name in the user's language. */
export const PickListCreateOutput = v.object({
  data: v.object({
    pick_list_id: v.number(),
    pick_list_no: v.string(),
    lines: v.number(),
    short: v.array(v.object({ order: v.string(), product: v.string(), name: v.string(), short: v.number() })),
  }),
});
/** `receive_purchase_orders` add (/warehouse/arriving_shipments): every open line of the orders received in full, onto `storage_id` or each product's home storage. */
export const ReceivePurchaseOrdersPayload = v.strictObject({
  po_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one purchase order'), v.maxLength(100, 'at most 100 purchase orders')),
  storage_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
/** Receipts written and the orders closed as received by them. */
export const ReceivePurchaseOrdersOutput = v.object({ data: v.object({ receipts: v.number(), quantity: v.number(), received: v.number() }) });
/** `goods_to_order_create` add (/purchasing/goods_to_order): draft purchase orders, one per supplier (the line's, else the product's default or cheapest). */
export const GoodsToOrderCreatePayload = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        product_code: productCode,
        quantity: v.pipe(v.number(), v.finite(), v.minValue(0.001, 'a quantity is positive'), v.maxValue(1_000_000)),
        partner_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      }),
    ),
    v.minLength(1, 'at least one line'),
    v.maxLength(1000, 'at most 1000 lines'),
    v.check((ls) => new Set(ls.map((l) => l.product_code)).size === ls.length, 'a product is named twice'),
  ),
});
/** The draft purchase orders made. */
export const GoodsToOrderCreateOutput = v.object({ data: v.object({ po_ids: v.array(v.number()), references: v.array(v.string()) }) });
/** `news_fetch` set (/news/news_sources): the sources fetched now, active or not. */
export const NewsFetchPayload = v.strictObject({
  news_source_ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'at least one source'),
    v.maxLength(MAX_NEWS_FETCH, `at most ${MAX_NEWS_FETCH} sources`),
  ),
});
/** Sources fetched, new items stored, sources whose fetch failed (their last_error), sources another process was fetching at that moment. */
export const NewsFetchOutput = v.object({ data: v.object({ fetched: v.number(), added: v.number(), failed: v.number(), busy: v.number() }) });
/** Mail for AI (/ai_content/email_list): a stored message by its id. */
const EmailId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** An IMAP label as the labels page keeps it (migration 065 imap_label_keyword). */
const ImapLabel = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.$-]{1,60}$/, 'an IMAP keyword'));
/** `email_sync` list: whether a mailbox is configured (IMAP_URL), and where (scheme, host and port, never the credentials). */
export const EmailSyncStatusOutput = v.object({ data: v.object({ configured: v.boolean(), server: v.nullable(v.string()), mailbox: v.nullable(v.string()) }) });
/** `email_sync` set: the mailbox synchronised now. */
export const EmailSyncOutput = v.object({ data: v.object({ mailbox: v.string(), added: v.number(), updated: v.number(), removed: v.number() }) });
/** `email_message` list: one stored message to read. */
export const EmailMessagePayload = v.strictObject({ email_id: EmailId });
/** The message with its text, its sanitized HTML, its flags, and the labels one may apply (each with its colour). */
export const EmailMessageOutput = v.object({
  data: v.object({
    email_id: v.number(),
    subject: v.string(),
    sender: v.string(),
    date: v.string(),
    flags: v.array(v.string()),
    body_text: v.string(),
    body_html: v.string(),
    labels: v.array(v.object({ imap_label: v.string(), description: v.string(), color: v.string() })),
  }),
});
/** `email_labels` set: labels set and unset on the message on the server. */
export const EmailLabelsPayload = v.strictObject({
  email_id: EmailId,
  add: v.optional(v.pipe(v.array(ImapLabel), v.maxLength(50)), []),
  remove: v.optional(v.pipe(v.array(ImapLabel), v.maxLength(50)), []),
});
/** The message's flags as the server now has them. */
export const EmailLabelsOutput = v.object({ data: v.object({ flags: v.array(v.string()) }) });
/** `email_draft` set: an AI-drafted reply in the message's language, with the user's instructions if any. */
/** The chat engine of an AI content call (AI_CHAT_ENGINES); absent: the first with a key. */
const aiChatEngine = v.optional(v.picklist(AI_CHAT_ENGINES));
export const EmailDraftPayload = v.strictObject({ email_id: EmailId, instructions: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''), engine: aiChatEngine });
export const EmailDraftOutput = v.object({ data: v.object({ language: v.string(), subject: v.string(), body: v.string() }) });
/** `email_draft_save` set: the (edited) draft appended to the Drafts folder. */
export const EmailDraftSavePayload = v.strictObject({
  email_id: EmailId,
  subject: v.pipe(v.string(), v.maxLength(1000)),
  body: v.pipe(v.string(), v.minLength(1), v.maxLength(50_000)),
});
export const EmailDraftSaveOutput = v.object({ data: v.object({ mailbox: v.string(), uid: v.nullable(v.number()) }) });
/** `ai_engine_status` list (any signed-in user): whether each AI engine has its key, and the variable that gives it. */
export const AiEngineStatusOutput = v.object({
  data: v.object({ engines: v.array(v.object({ engine: v.string(), label: v.string(), env: v.string(), configured: v.boolean(), company_default: v.boolean() })) }),
});
const aiLanguages = v.pipe(v.array(v.picklist(LANGS)), v.minLength(1, 'at least one language'), v.check((ls) => new Set(ls).size === ls.length, 'a language is named twice'));
/** `product_texts_translate` set (/products/product_list): the picked products' texts from one language into the others, by the company's default engine. */
export const ProductTextsTranslatePayload = v.strictObject({
  product_codes: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40))), v.minLength(1, 'at least one product'), v.maxLength(100, 'at most 100 products')),
  from: v.picklist(LANGS),
  /** Texts that exist are replaced too (else only empty ones are filled). */
  overwrite: v.optional(v.boolean(), false),
});
export const ProductTextsTranslateOutput = v.object({ data: v.object({ products: v.number(), written: v.number() }) });
/** `ai_generate` set (/ai_content/ai_catalog): OpenAI writes the products' texts in the languages, stored as proposals. */
export const AiGeneratePayload = v.strictObject({
  product_codes: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
    v.minLength(1, 'at least one product'),
    v.maxLength(MAX_AI_GENERATE, `at most ${MAX_AI_GENERATE} products`),
    v.check((cs) => new Set(cs).size === cs.length, 'a product is named twice'),
  ),
  fields: v.pipe(v.array(v.picklist(AI_TEXT_FIELDS)), v.minLength(1, 'at least one field'), v.check((fs) => new Set(fs).size === fs.length, 'a field is named twice')),
  languages: aiLanguages,
  /** Extra guidance for the writer (tone, audience), up to 1,000 characters. */
  instructions: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  engine: aiChatEngine,
});
/** The proposals stored (one per product, field and language) and the engine's token counts. */
export const AiGenerateOutput = v.object({ data: v.object({ proposals: v.number(), prompt_tokens: v.number(), completion_tokens: v.number() }) });
/** `ai_proposals_accept` / `ai_proposals_reject` set (/ai_content/ai_proposals): open proposals of the company. */
export const AiProposalsDecidePayload = v.strictObject({
  proposal_ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'at least one proposal'),
    v.maxLength(MAX_AI_DECIDE, `at most ${MAX_AI_DECIDE} proposals`),
    v.check((ids) => new Set(ids).size === ids.length, 'a proposal is named twice'),
  ),
});
/** Accepted or rejected; `log_ids`: the product change log entries the accepts wrote; `superseded`: other open proposals an accept set aside. */
export const AiProposalsDecideOutput = v.object({ data: v.object({ decided: v.number(), superseded: v.number(), log_ids: v.array(v.number()) }) });
/** `ai_draft` set (recipes, houses): OpenAI drafts the items' texts in the languages where they are empty, from the title. */
export const AiDraftPayload = v.strictObject({
  form: v.picklist(AI_CONTENT_FORMS),
  ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'at least one item'),
    v.maxLength(MAX_AI_GENERATE, `at most ${MAX_AI_GENERATE} items`),
    v.check((ids) => new Set(ids).size === ids.length, 'an item is named twice'),
  ),
  languages: aiLanguages,
  engine: aiChatEngine,
});
/** Items whose text was written, texts written. */
export const AiDraftOutput = v.object({ data: v.object({ items: v.number(), texts: v.number() }) });
/** `courier_export` filter: the carrier's import file (Packeta CSV) as text, its name and its number of packets. */
export const CourierExportOutput = v.object({ data: v.object({ file_name: v.string(), content_type: v.string(), rows: v.number(), csv: v.string() }) });
/** `courier_tracking` set: the file's rows, the orders whose tracking number changed or already held it, the rows not applied (file line, code, reference). */
export const CourierTrackingOutput = v.object({
  data: v.object({
    rows: v.number(),
    updated: v.number(),
    unchanged: v.number(),
    problems: v.array(
      v.object({
        line: v.number(),
        code: v.picklist(TRACKING_PROBLEM_CODES),
        reference: v.string(),
        reason: v.optional(v.string()),
      }),
    ),
  }),
});
export const PurchasePricePreviewOutput = v.object({ data: v.object({ rows: v.number(), changes: v.number(), invalid: v.number() }) });
export const PurchasePriceUpdateOutput = v.object({ data: v.object({ rows: v.number(), updated: v.number() }) });

// ── grid export / import (POST /api/export/{form}, POST /api/import/{form}) ─────────────
const fieldName = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'a field name'));
export const MAX_EXPORT_ROWS = 1_000_000;
/** Whether Intl knows the zone (IANA names such as Europe/Budapest; 'UTC'). */
const knownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** The current view of a grid as a file: its filter, sort, visible columns and their (localized) headers. */
export const ExportInput = v.strictObject({
  format: v.picklist(['csv', 'xlsx'], 'format must be csv or xlsx'),
  language: lang,
  /** The browser's IANA time zone: date-times are written as the grid shows them there (an older client: UTC). */
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.check(knownTimeZone, 'an IANA time zone such as Europe/Budapest')), 'UTC'),
  /** Sheet name and file title (the screen's localized title). */
  title: v.optional(text(100)),
  sortModel: v.optional(SortModel),
  filterModel: v.optional(FilterModel),
  /** Equality filters of a detail grid (as the `filter` action). */
  fixed: v.optional(v.record(v.string(), v.nullable(scalar))),
  columns: v.pipe(
    v.array(v.strictObject({ field: fieldName, header: v.pipe(v.string(), v.maxLength(200)) })),
    v.minLength(1, 'at least one column'),
    v.maxLength(200, 'at most 200 columns'),
  ),
});
/** Import steps: inspect (headers and a sample), preview (validation, nothing written), commit (one transaction). */
export const ImportMode = v.picklist(['inspect', 'preview', 'commit'], 'mode must be inspect, preview or commit');
/** One field per file column (by position), or null to ignore the column. */
export const ImportMapping = v.pipe(v.array(v.nullable(fieldName)), v.maxLength(200));
export const ImportError = v.object({
  line: v.number(),
  field: v.nullable(v.string()),
  message: v.string(),
  /** The row's key as the file has it (the key fields' texts, by field), when the key columns are mapped. */
  key: v.optional(v.record(v.string(), v.string())),
  /** The file's text in the problem's field (when it names a mapped one). */
  value: v.optional(v.string()),
});
export const ImportInspectOutput = v.object({
  headers: v.array(v.string()),
  rows: v.number(),
  sample: v.array(v.array(v.string())),
  fields: v.array(v.object({ field: v.string(), required: v.boolean(), key: v.boolean() })),
  canAdd: v.boolean(),
  canSet: v.boolean(),
});
export const ImportResultOutput = v.object({
  rows: v.number(),
  inserts: v.number(),
  /** Rows that change a stored row; `unchanged`: rows whose stored row already holds their values (not written, not logged). */
  updates: v.number(),
  unchanged: v.number(),
  errorRows: v.number(),
  /** The first 1,000 problems, by line and field; messages are locale keys (validation.*, import.*). */
  errors: v.array(ImportError),
  written: v.boolean(),
});

// ── machine translation (POST /api/…) ─────────────────────────────────────
/** The text to translate: one string, or several named fields ({product_name: '…', description: '…'}). */
export const TranslateText = v.union([
  v.pipe(v.string(), v.maxLength(50_000, 'text is at most 50,000 characters')),
  v.pipe(v.record(v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'a field name')), v.pipe(v.string(), v.maxLength(50_000))), v.maxEntries(50)),
], 'text must be a string or an object of field → string');
const aiModel = v.pipe(v.string(), v.nonEmpty('model is required'), v.maxLength(100), v.regex(/^[A-Za-z0-9._:/-]+$/, 'model must be a model name'));
/** Users may bring their own system prompt (spec §7), of a bounded size (issue 42). */
const systemPrompt = v.pipe(v.string(), v.maxLength(AI_SYSTEM_PROMPT_MAX, `system_prompt is at most ${AI_SYSTEM_PROMPT_MAX} characters`));
export const GtInput = v.strictObject({
  text: TranslateText,
  from: lang,
  to: v.pipe(v.array(lang), v.minLength(1, 'to must name at least one language'), v.maxLength(20)),
});
export const DeeplInput = v.strictObject({ text: TranslateText, from: lang, to: lang });
/** `to`: one language, or several (one engine call per language, issue 25). */
export const AiTranslateInput = v.strictObject({
  text: TranslateText,
  from: lang,
  to: v.union([lang, v.pipe(v.array(lang), v.minLength(1, 'to must name at least one language'), v.maxLength(20))]),
  model: aiModel,
  system_prompt: v.optional(systemPrompt),
});
/** Google Translate and DeepL: the translation keyed by language code. */
export const TranslateOutput = v.record(v.string(), TranslateText);
/** OpenAI and DeepSeek: `content` keyed by language code (then field). */
export const AiTranslateOutput = v.object({ content: v.record(v.string(), TranslateText) });
/**
 * The translation routes: a signed-in user; the body is validated (400 naming the field);
 * an engine without its API key answers 503 `not_configured`.
 */
export const translateRoutes = {
  '/api/gt': { operationId: 'translate_gt', input: GtInput, output: TranslateOutput },
  '/api/deepl': { operationId: 'translate_deepl', input: DeeplInput, output: TranslateOutput },
  '/api/openai/translate_text': { operationId: 'translate_openai', input: AiTranslateInput, output: AiTranslateOutput },
  '/api/deepseek/translate_text': { operationId: 'translate_deepseek', input: AiTranslateInput, output: AiTranslateOutput },
  /** The company's default translation engine (/settings/gtranslate): what the grid's and the forms' translate action call. */
  '/api/translate': { operationId: 'translate_default', input: GtInput, output: TranslateOutput },
} as const;
export type TranslatePath = keyof typeof translateRoutes;

// ── AI replies (POST /api/openai/get_reply, /api/deepseek/get_reply; src/server/ai/chatReply.ts) ──
const replyFields = {
  content: v.pipe(v.string(), v.nonEmpty('content is required'), v.maxLength(100_000, 'content is at most 100,000 characters')),
  system_prompt: v.optional(systemPrompt),
  temperature: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2))),
  top_p: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  /** At most AI_MAX_TOKENS here, and at most the company's max_tokens (/settings/chatgpt): over it 400 `ai_max_tokens`. */
  max_tokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(AI_MAX_TOKENS))),
  model: v.optional(aiModel),
  /** Relay the reply as server-sent events (`delta`, then `done` or `error`) instead of one JSON answer. */
  stream: v.optional(v.boolean()),
  /** Keep the question and the reply as a conversation of the user (/settings/gpt_chats). */
  save: v.optional(v.boolean()),
};
const ResponseFormat = v.union([v.picklist(['json_object', 'text']), v.strictObject({ type: v.picklist(['json_object', 'text']) })], 'response_format must be json_object or text');
export const OpenaiReplyInput = v.strictObject({ ...replyFields, response_format: v.optional(ResponseFormat) });
/** DeepSeek: the same body without response_format. */
export const DeepseekReplyInput = v.strictObject(replyFields);
export const ReplyOutput = v.object({
  content: v.string(),
  model: v.string(),
  usage: v.object({ prompt_tokens: v.number(), completion_tokens: v.number() }),
  /** The conversation it was saved in (save: true), else null. */
  gpt_chat_id: v.nullable(v.number()),
});
export const replyRoutes = {
  '/api/openai/get_reply': { operationId: 'reply_openai', input: OpenaiReplyInput, output: ReplyOutput },
  '/api/deepseek/get_reply': { operationId: 'reply_deepseek', input: DeepseekReplyInput, output: ReplyOutput },
} as const;
export type ReplyPath = keyof typeof replyRoutes;
/**
 * GET /api/chat/engines (`list` on the twin page): per chat engine, whether this server has its key, the company's
 * allowed models and default (the twin page's pickers), its max_tokens, and this month's tokens against its budget.
 */
const ChatEngineState = v.object({
  configured: v.boolean(),
  env: v.string(),
  models: v.array(v.string()),
  default_model: v.string(),
  max_tokens: v.number(),
  monthly_token_budget: v.number(),
  month_tokens: v.number(),
});
export const ChatEnginesOutput = v.object({ openai: ChatEngineState, deepseek: ChatEngineState });

// ── bootstrap: a session's start in one round trip (issue 27) ─────────────
/**
 * `currency_code`: the view currency the browser remembers (kept when the company has a rate
 * for it, else the company's own); `page`: the page being opened, logged as page_log logs it;
 * `form`: its screen, whose saved grid state and whole lookups come along.
 */
export const BootstrapInput = v.strictObject({
  currency_code: v.optional(v.nullable(currencyCode)),
  page: v.optional(v.nullable(PageLogInput.entries._page_name)),
  form: v.optional(v.nullable(formName)),
});
/**
 * What `user`, `init`, GET /shops, `currencies`, `view_currency_rates` (of the chosen view
 * currency; null without one), `page_log` (null without `page`) and, for `form`, grid_state
 * `list` and each whole (not searched) lookup's `list` answer, under the same checks: a part
 * the user may not have is left out (null, or a lookup missing), never an error of the whole.
 */
export const BootstrapOutput = v.object({
  data: v.object({
    user: UserOutput,
    init: InitOutput.entries.data,
    shops: ShopsOutput,
    currencies: CurrenciesOutput.entries.data,
    view_rates: v.nullable(ViewRatesOutput.entries.data),
    page: v.nullable(PageLogOutput.entries.data),
    screen: v.nullable(
      v.object({
        form: v.string(),
        grid_state: v.nullable(v.object({ ...GridStateListOutput.entries.data.entries, totalExact: v.optional(v.boolean()) })),
        /** Each lookup's `list` with an empty payload, by lookup form. */
        lookups: v.record(v.string(), ListOutput.entries.data),
      }),
    ),
  }),
});

/**
 * Every named procedure of /rpc/{name}: who may call it, its input and its output.
 * auth 'none': no session is resolved (login; refresh and logout read the Bearer themselves); 'optional': a
 * guest may call, a token is still checked when sent; 'user': a signed-in user only.
 */
export const procedures = {
  login: { auth: 'none', input: LoginInput, output: TokenPair },
  refresh_token: { auth: 'none', input: RefreshInput, output: TokenPair },
  logout: { auth: 'none', input: LogoutInput, output: LogoutOutput },
  forgot_password: { auth: 'none', input: ForgotPasswordInput, output: ForgotPasswordOutput },
  set_password: { auth: 'none', input: SetPasswordInput, output: SetPasswordOutput },
  change_password: { auth: 'user', input: ChangePasswordInput, output: SessionsEndedOutput },
  end_other_sessions: { auth: 'user', input: EndOtherSessionsInput, output: SessionsEndedOutput },
  totp_status: { auth: 'user', input: TotpStatusInput, output: TotpStatusOutput },
  totp_enrol: { auth: 'user', input: TotpEnrolInput, output: TotpEnrolOutput },
  totp_confirm: { auth: 'user', input: TotpConfirmInput, output: TotpConfirmOutput },
  totp_disable: { auth: 'user', input: TotpDisableInput, output: TotpDisableOutput },
  user: { auth: 'user', input: UserInput, output: UserOutput },
  set_user_language: { auth: 'user', input: SetUserLanguageInput, output: SetUserLanguageOutput },
  init: { auth: 'optional', input: InitInput, output: InitOutput },
  currencies: { auth: 'user', input: CurrenciesInput, output: CurrenciesOutput },
  view_currency_rates: { auth: 'user', input: ViewRatesInput, output: ViewRatesOutput },
  category_tree: { auth: 'optional', input: CategoryTreeInput, output: CategoryTreeOutput },
  page_log: { auth: 'user', input: PageLogInput, output: PageLogOutput },
  bootstrap: { auth: 'user', input: BootstrapInput, output: BootstrapOutput },
  page_error_log: { auth: 'user', input: PageErrorLogInput, output: PageErrorLogOutput },
  api_action: { auth: 'user', input: ApiActionInput, output: ApiActionOutput },
} as const;
export type ProcedureName = keyof typeof procedures;
export type Auth = (typeof procedures)[ProcedureName]['auth'];
