/**
 * Every error code the server answers (ErrorBody `error`), with the parameters its text
 * may use (ErrorBody `params`). The browser says each code in the user's language: the
 * catalogues hold `server.<code>` for every code here, with no placeholder but these
 * (codegen checks both ways). A rule of the schema that refused a write (`rule_violated`)
 * is said by `rules.<rule>` when the catalogue has it. The server's English `message` is
 * for logs and API users only.
 *
 * Parameters: `field` — the input's dot path; `label` — a column's label key (fields.…),
 * said as the label; `reason` — a validation key (validation.…), said with the other
 * parameters; `resource` — what a parse or a PDF ran out of (memory, time), a text selects on it;
 * `token` — a set-password link's token, for the browser, never said; numbers travel as
 * JSON numbers (formatted per locale).
 */
import { numericValues } from './validation/messages.ts';

export const ERROR_PARAMS = {
  // requests
  bad_request: ['field'],
  unknown_field: ['field'],
  unknown_column: ['field', 'column'],
  unsupported: ['field'],
  invalid_value: ['field', 'label', 'reason', 'row'],
  /** A value taken only when confirmed (core/confirmations.ts): `reason` says why; the request's `confirm` names it. */
  confirm_required: ['field', 'label', 'reason', 'row'],
  invalid_character: ['field'],
  key_not_allowed: ['field'],
  too_large: ['limit'],
  window_too_large: ['limit'],
  too_many_rows: ['limit'],
  unknown_procedure: [],
  not_found: [],
  bad_data_source: [],
  internal: [],
  // auth and session
  unauthorized: [],
  invalid_token: [],
  invalid_refresh_token: [],
  invalid_credentials: [],
  too_many_attempts: ['minutes'],
  user_blocked: [],
  user_gone: [],
  forbidden: [],
  // accounts: passwords, set-password links, the second factor (issue 24)
  weak_password: ['field', 'reason', 'min', 'max'],
  wrong_password: ['field'],
  invalid_link: [],
  /** Signed in with an administrator's initial password: `token` opens the set-password page instead of a session. */
  password_change_required: ['token'],
  password_unchanged: ['field'],
  one_user_required: ['field'],
  totp_required: [],
  invalid_totp: ['field'],
  totp_enrolment_required: [],
  totp_enabled: [],
  totp_not_enabled: [],
  totp_enforced: [],
  // writes and the database's rules
  stale_row: [],
  changed_since: [],
  restore_conflict: [],
  /** A delete refused by a foreign key: `count` rows of the screen titled `label` (a title key) still use the rows, when that could be read. */
  in_use: ['count', 'label'],
  already_exists: ['label'],
  view_name_taken: ['name'],
  too_many_views: ['limit'],
  bad_reference: ['field', 'label', 'row'],
  foreign_reference: ['field', 'label', 'row', 'value'],
  value_required: ['label'],
  value_too_long: [],
  number_out_of_range: [],
  invalid_date: [],
  wrong_type: [],
  /**
   * A rule of the schema refused the write (core/recordRules.ts): `rule` its name (said as
   * `rules.<rule>`), `fields` the columns it concerns (comma-separated) and `field` the first
   * one's path (`row` in a bulk write); a column's bound says `reason` with its values instead.
   * A workflow definition's change that would strand records (migration 122: fsm_state_occupied,
   * fsm_no_way_out) names the `state`, how many records (`count`) and some of them (`instances`).
   */
  rule_violated: ['rule', 'field', 'fields', 'row', 'reason', 'min', 'max', 'options', 'state', 'count', 'instances'],
  not_undoable: [],
  // files: uploads, import, export
  file_required: [],
  file_too_large: ['limit'],
  unsupported_type: ['types'],
  /** A picture with more pixels than the image server decodes (`limit` megapixels): a decompression bomb, or a scan too large for a product picture. */
  image_too_many_pixels: ['limit'],
  file_empty: [],
  file_no_headers: [],
  file_too_many_columns: ['limit'],
  file_too_many_rows: ['limit'],
  file_not_xlsx: [],
  file_damaged: [],
  file_no_worksheet: [],
  file_unpacks_too_large: ['limit'],
  file_bad_row: ['row'],
  sheet_too_large: ['resource'],
  import_busy: ['retry_after'],
  mapping_key_only: [],
  nothing_to_import: [],
  export_too_many_rows: ['count', 'limit'],
  // reports: a period whose first day follows its last
  bad_period: ['field', 'from', 'to'],
  // bulk price update
  percent_out_of_range: ['min', 'max'],
  amount_out_of_range: ['max'],
  prices_out_of_range: ['count', 'max'],
  // print documents
  print_nothing: ['field'],
  print_too_many: ['limit'],
  print_too_many_pages: ['limit'],
  print_too_large: ['resource'],
  print_busy: ['retry_after'],
  // e-invoices and the accounting export (issue 47): a document whose data fails EN 16931's schema (`document` its number, `field` where), a period with more documents than an archive takes
  einvoice_invalid: ['document', 'field'],
  einvoice_busy: ['retry_after'],
  einvoice_too_large: ['resource'],
  accounting_export_too_many: ['count', 'limit'],
  unknown_product: ['field', 'value'],
  // stock and purchasing (issue 43): the order, the product (code and name) and what it lacks
  /** Shipping would take stock that is not on hand for the order (what earlier open orders reserve is theirs). */
  ship_short_stock: ['order', 'product', 'name', 'short', 'rule'],
  /** Received onto each product's home storage, but this product has none. */
  receipt_storage_missing: ['product', 'name', 'rule'],
  /** A pick list that could take nothing: the first order and product whose goods are not available to it (earlier open orders reserve them, or no storage holds them). */
  pick_short_stock: ['order', 'product', 'name', 'short', 'rule'],
  /** Goods received (the toolbar's Receive, the workflow's "Receive goods") on a purchase order that is not confirmed or in transit (app.po_receivable). */
  purchase_order_not_receivable: ['order'],
  /** A sales order marked paid (bulk, board, API) whose receivable is not settled (migration 128): `open` the amount still open, in `currency`. */
  order_not_settled: ['order', 'open', 'currency'],
  // workflows
  unknown_event: ['event'],
  event_not_allowed: ['event', 'state'],
  /** The user lacks the `events` right on the workflow type's page (migration 094): `set` edits the records, it runs no event. */
  event_right_required: [],
  /** The event is reserved to roles (fsm_event_roles, migration 122) the user holds none of: `event` its name, `roles` theirs, in the user's language. */
  event_role_required: ['event', 'roles'],
  mixed_workflow_types: [],
  stale_state: [],
  /** A write the workflow state of the row (or of its master row) does not allow (descriptor editableIn): `state` is the state's name in the user's language. */
  locked_in_state: ['field', 'state', 'row'],
  // mail a workflow event sends (src/server/mail/registry.ts): nobody to send it to, or no further reminder
  /** "Send to supplier" on a purchase order whose supplier has no address for orders (a contact, or its own). */
  supplier_no_email: [],
  /** "Send a reminder" on an item whose customer has no address for invoices (a contact, its own, or the order's). */
  customer_no_email: [],
  /** "Notify accounting" on a write-off of a company without an accounting address. */
  accounting_no_email: [],
  /** "Send a reminder" after the last level (`max`) was sent. */
  reminder_limit: ['max'],
  // the Outbox screen (src/server/actions/mail_outbox.ts): only a failed or cancelled mail is sent again, only a queued one cancelled
  mail_not_resendable: ['mail'],
  mail_not_cancellable: ['mail'],
  // engines (machine translation, AI)
  /** `variable`: the environment variable that gives the engine its key (an administrator's to set). */
  not_configured: ['engine', 'variable'],
  /**
   * The AI query page without an AI engine (its name is a word of each language: KI, MI, ИИ).
   * Answered before Ask-AI named its variable (now `not_configured`); still said for the
   * refusals a conversation stored then.
   */
  ai_not_configured: [],
  /** The engine did not answer in time (src/server/ai/engineFetch.ts). */
  engine_timeout: ['engine', 'seconds'],
  /** The engine kept answering 429 after the retries. */
  engine_rate_limited: ['engine'],
  /** The engine answered an error (its status) or could not be reached. */
  engine_failed: ['engine', 'status'],
  /** The engine answered, but not in the shape asked for (malformed JSON, a reply that is not the requested JSON). */
  engine_bad_answer: ['engine'],
  /** This user asked an engine too often (per minute, src/server/ai/rateLimit.ts). */
  ai_rate_limited: ['engine', 'seconds'],
  // Mail for AI (src/server/imap/): no IMAP_URL; the server unreachable or failing; the sign-in refused (`host`: scheme, host and port only)
  imap_not_configured: [],
  imap_failed: ['host'],
  imap_auth_failed: ['host'],
  /** This user had the company's daily number of replies from an engine (/settings/chatgpt). */
  ai_daily_limit: ['engine', 'limit'],
  /** The company's monthly budget of an engine is used up (tokens or characters, /settings/chatgpt and /settings/gtranslate; issue 42). */
  ai_budget_used_up: ['engine', 'budget', 'unit'],
  /** A model the company's allow list does not name (/settings/chatgpt `models`). */
  ai_model_not_allowed: ['engine', 'model'],
  /** A reply's max_tokens over the company's ceiling (/settings/chatgpt `max_tokens`). */
  ai_max_tokens: ['engine', 'max'],
  /** The company has switched this translation engine off (/settings/gtranslate), or all of them. */
  engine_disabled: ['engine'],
  // Ask-AI's SQL guard and runner (src/server/ai/sqlGuard.ts, runner.ts)
  /** The model's answer is not one SELECT (several statements, a write, INTO, FOR UPDATE, unparsable). */
  ai_sql_not_select: [],
  /** It reads a table, view or catalog outside the views offered to this user. */
  ai_sql_relation: ['relation'],
  /** It calls a function (or casts to a type) outside the allow-list. */
  ai_sql_function: ['function'],
  /** PostgreSQL refused it while running (e.g. a column that does not exist); its text goes to the server's log only. */
  ai_sql_failed: [],
  ai_query_timeout: ['seconds'],
  ai_query_too_many_rows: ['limit'],
  /** The answer's rows as JSON are larger than Ask-AI returns. */
  ai_query_too_large: ['kilobytes'],
  /** The query needed more memory (or temporary disk) than an Ask-AI query may use. */
  ai_query_out_of_memory: [],
  /** An AI proposal already accepted or rejected (ai_proposals accept/reject). */
  ai_proposal_closed: ['proposal_id'],
  /** Two proposals for the same product text accepted at once. */
  ai_proposal_twice: ['product_code'],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_PARAMS;
export type ErrorParams = Record<string, string | number>;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_PARAMS, code);

/** The row of a bulk write a path names (`payload.rows.3.price` → 3). */
export function rowOfField(field: string): number | undefined {
  const m = /^payload\.rows\.(\d+)\./.exec(field);
  return m ? Number(m[1]) : undefined;
}

/**
 * The parameters of `invalid_value` (server and the browser's test data provider alike): the
 * field's path, the validation key as `reason` with its values (numbers as numbers), the
 * column's label key, and the row of a bulk write.
 */
export function invalidValueParams(field: string, m: { id: string; values?: Record<string, string | number> | undefined }, label?: string): ErrorParams {
  const values = numericValues(m.values ?? {});
  const row = rowOfField(field);
  return { ...values, field, reason: m.id, ...(label ? { label } : {}), ...(row === undefined ? {} : { row }) };
}

/**
 * A refused row of an import as its problem text travels (ImportError `message`): a rule of
 * the schema as `rules.<rule>`, any other code as `server.<code>?<params>` — the browser says
 * it in the user's language (importModel.ts `problemText`).
 */
export function problemOf(code: ErrorCode, params: ErrorParams): string {
  if (code === 'rule_violated' && typeof params.reason === 'string') {
    // A column's bound (core/recordRules.ts): its validation message with the bound's values.
    const values = Object.entries(params).filter(([k]) => k === 'min' || k === 'max' || k === 'options');
    return values.length ? `${params.reason}?${new URLSearchParams(values.map(([k, x]) => [k, String(x)])).toString()}` : params.reason;
  }
  if (code === 'rule_violated' && typeof params.rule === 'string') return `rules.${params.rule}`;
  const q = new URLSearchParams(Object.entries(params).map(([k, x]) => [k, String(x)]));
  return q.size ? `server.${code}?${q.toString()}` : `server.${code}`;
}
