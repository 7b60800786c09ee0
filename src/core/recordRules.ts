/**
 * Every rule of the schema that can refuse a write (a check constraint, or a trigger raising
 * with `constraint = '…'`), in one place: the columns it concerns — the first is where its
 * message is said, at the field in a form and at the cell in a grid — and what it says. The
 * server answers a refusal (`rule_violated`) with them (http/errors.ts `fromDbError`: `fields`,
 * `field`, and a bound's `reason` with its values), so every client shows the rule where it
 * belongs, in the user's language.
 *
 * What a rule says: `rules.<rule>` in the catalogues (a rule of its own: "ETA must be on or
 * after ETD"), or — for a bound of one column that PostgreSQL named itself
 * (`<table>_<column>_check`) — the validation message of that bound ("Must be at least 0").
 * `tests/api/record-rules.test.ts` holds this list against the database: every check
 * constraint and every named trigger rule of the migrations has its entry, and each entry's
 * fields are columns of the rule's tables. A new rule needs an entry here.
 */
import { PAY_METHODS } from './payments.ts';
import { M, msg } from './validation/messages.ts';

export interface RecordRule {
  /** The columns the rule concerns, in the order they are marked (the first says the message). Empty: the record as a whole. */
  fields: readonly string[];
  /** A rule name several tables share, on other columns there (the table's name without the schema). */
  tables?: Readonly<Record<string, readonly string[]>>;
  /** A validation message (key and values, core/validation/messages.ts) said instead of `rules.<rule>`. */
  says?: string;
  /** Raised on another table than the written one (a ledger's level that the written quantity moves): its fields are the written row's. */
  elsewhere?: true;
}

/** A rule of the record as a whole (its message says what), or of these columns. */
const whole: RecordRule = { fields: [] };
const on = (...fields: string[]): RecordRule => ({ fields });
/** A bound of one column, said as its validation message. */
const bound = (field: string, says: string): RecordRule => ({ fields: [field], says });
const atLeast = (field: string, min: number) => bound(field, msg(M.min, { min }));
const above = (field: string, min: number) => bound(field, msg(M.above, { min }));
const between = (field: string, min: number, max: number) => bound(field, msg(M.between, { min, max }));
const oneOf = (field: string, options: readonly string[]) => bound(field, msg(M.options, { options }));
const pattern = (field: string) => bound(field, M.pattern);
const required = (field: string) => bound(field, M.required);
const maxLength = (field: string, max: number) => bound(field, msg(M.max_length, { max }));
const invalid = (field: string) => bound(field, M.invalid);

export const RECORD_RULES = {
  // ---- rules with a name and a message of their own (rules.<rule>) ----------------------
  administrator_role_fixed: whole,
  ai_proposal_decided: on('proposed_text'),
  banner_valid_range: on('valid_to', 'valid_from'),
  // Raised with its field and reason in the detail (migration 121): answered as 409 confirm_required at the price (http/errors.ts fieldRefused).
  below_min_margin: on('selling_price_shop'),
  cashflow_amount_positive: on('amount'),
  cashflow_closed: whole,
  cashflow_company: on('partner_id', 'order_id'),
  cashflow_credit_fixed: on('amount'),
  cashflow_credit_used: on('amount'),
  cashflow_fixed: on('currency_code'),
  cashflow_overpaid: on('amount'),
  cashflow_payment_positive: on('amount'),
  cashflow_reminder_level: between('reminder_level', 0, 3),
  category_cycle: on('parent_category_id'),
  category_name_required: whole,
  chatgpt_default_model: on('default_model'),
  chatgpt_max_tokens: on('max_tokens'),
  chatgpt_models: on('models'),
  chatgpt_monthly_token_budget: on('monthly_token_budget'),
  cmr_company: on('order_id'),
  cmr_fixed: whole,
  cmr_packages_positive: on('packages'),
  cmr_weight_not_negative: on('weight'),
  cmr_notes_paid_by_check: oneOf('paid_by', ['sender', 'consignee']),
  cmr_volume_not_negative: on('volume'),
  confirm_expires: on('expires_at'),
  correction_reason: on('reason'),
  cost_amount_not_negative: on('cost_amount'),
  currency_rate_company: whole,
  currency_rate_day_taken: on('rate_date', 'currency_code'),
  currency_rate_own: on('rate', 'currency_code'),
  // Raised with its field, reason and limit in the detail (migration 093): answered as invalid_value at the field (http/errors.ts dbFieldRefusal) before this entry is read.
  discount_over_limit: bound('discount_percent', M.discount_limit),
  discount_range: on('discount_percent'),
  document_number_fixed: whole,
  // An order's kept copy of a document may wait for its PDF (migration 116); an upload always has its content.
  document_content: on('content', 'size_bytes'),
  credit_note_limit: on('quantity'),
  credit_note_nothing: whole,
  email_format: on('email'),
  eta_after_etd: on('eta', 'etd'),
  file_extension_kept: on('file_name'),
  fsm_initial_state: on('initial_state'),
  // The workflow editor (migration 122): no change to a definition strands a record.
  fsm_initial_not_retired: on('retired', 'initial_state'),
  fsm_state_occupied: on('retired'),
  fsm_no_way_out: whole,
  // Invoices (migration 113): an issued document never changes; one is issued in the transaction that writes it.
  invoice_company: on('order_id', 'credited_invoice_id'),
  invoice_credit_kind: on('credited_invoice_id', 'kind'),
  invoice_issued: whole,
  invoice_not_issued: whole,
  fsm_loop_interval: on('default_loop_interval'),
  fsm_timeout_positive: on('timeout'),
  fsm_transition_type: on('event_code', 'from_state_id', 'to_state_id'),
  gpt_prompt_project: on('project'),
  gpt_prompt_text: on('gpt_prompt'),
  gpt_prompt_title: on('title'),
  grant_needs_perms: whole,
  imap_label_color: on('color'),
  imap_label_keyword: on('imap_label'),
  language_in_shop: on('active'),
  language_inactive: on('language_code'),
  language_of_ui: whole,
  lead_time_range: on('lead_time_days'),
  min_order_qty_positive: on('min_order_qty'),
  news_feed_url: on('feed_url'),
  news_fetch_interval: on('fetch_interval_min'),
  news_item_url: on('url'),
  news_last_error: on('last_error'),
  nothing_to_pick: whole,
  notified_after_requested: on('notified_on', 'requested_on'),
  obd_text_document: on('document_type'),
  obd_text_placement: on('placement'),
  order_nothing_to_pay: whole,
  own_admin_right: whole,
  partner_contact_email_needed: on('email'),
  partner_user_partner: on('partner_id'),
  password_needs_perms: whole,
  pick_list_fixed: whole,
  pick_list_picked: on('quantity', 'storage_id'),
  pick_over_order: on('quantity'),
  pick_over_quantity: on('picked_qty'),
  pick_short_stock: whole,
  product_name_required: on('product_name'),
  // Raised with its field, reason and limit in the detail (migration 121): answered as invalid_value at that field.
  product_discount_over_limit: bound('discount_percent', M.discount_limit),
  purchase_order_closed: whole,
  purchase_order_company: on('product_code', 'quantity'),
  purchase_order_fixed: whole,
  purchase_order_not_receivable: whole,
  purchase_order_supplier: on('partner_id'),
  quantity_positive: on('quantity'),
  receipt_over_ordered: on('quantity'),
  sales_list_company: whole,
  sales_order_closed: whole,
  sales_order_invoiced: whole,
  sales_order_company: whole,
  sales_order_document_fixed: whole,
  sales_order_fixed: whole,
  selected_image_candidate: on('selected_image_uri'),
  ship_short_stock: whole,
  // A sales order enters paid only with its receivable settled (migration 128); the trigger call says it as order_not_settled.
  sales_order_not_settled: whole,
  shop_default_language: on('is_default'),
  shop_language: on('language_code'),
  shop_product_same_company: on('shop_id'),
  stock_company: whole,
  stock_from_ledger: on('stock_qty'),
  stock_ledger_append_only: whole,
  // The stock-events queue (123) is written by triggers only: a row names a product or an order, never both.
  stock_event_target: invalid('product_code'),
  // The ledger's level: what the user typed is the moved quantity (a correction, a transfer, a pick).
  stock_not_negative: { fields: ['quantity', 'picked_qty'], elsewhere: true },
  transfer_storages_differ: on('to_storage_id', 'from_storage_id'),
  translation_engine_default_enabled: on('is_default', 'enabled'),
  translation_monthly_character_budget: on('monthly_character_budget'),
  unit_price_not_negative: { fields: ['unit_price'], tables: { product_suppliers: ['purchase_price'] } },
  unsubscribed_after_subscribed: on('unsubscribed_on', 'subscribed_on'),
  user_blocks_self: on('blocked'),
  user_company_not_yours: on('assigned'),
  user_company_required: on('assigned'),
  user_is_administrator: whole,
  user_outranks_you: whole,
  user_outside_your_companies: whole,
  users_email_normal_form: on('user_email'),
  weight_band_overlap: on('weight_from', 'weight_to'),
  // Checks PostgreSQL named, between two columns: a message of their own too.
  content_page_columns_check: on('media_url', 'block_type'),
  delivery_method_rates_check: on('weight_to', 'weight_from'),
  product_accessories_check: on('accessory_code'),
  product_alternatives_check: on('alternative_code'),
  shop_languages_check: on('is_default', 'enabled'),

  // ---- one column's bound, named by PostgreSQL: said as that bound ----------------------
  accounts_account_code_check: pattern('account_code'),
  invoice_lines_kind_check: oneOf('kind', ['item', 'delivery', 'payment_fee']),
  invoice_lines_quantity_check: above('quantity', 0),
  invoices_kind_check: oneOf('kind', ['invoice', 'credit_note']),
  ai_analytics_question_check: maxLength('question', 4000),
  ai_chat_messages_role_check: oneOf('role', ['user', 'assistant', 'system']),
  ai_proposals_field_name_check: oneOf('field_name', ['description_short', 'description']),
  ai_proposals_proposed_text_check: maxLength('proposed_text', 20000),
  ai_proposals_state_check: oneOf('state', ['proposed', 'accepted', 'rejected']),
  ai_usage_engine_check: oneOf('engine', ['google', 'deepl', 'openai', 'deepseek']),
  captions_caption_text_check: required('caption_text'),
  cashflow_payments_pay_method_check: oneOf('pay_method', PAY_METHODS),
  cashflow_types_direction_check: oneOf('direction', ['in', 'out']),
  cashflow_types_type_code_check: pattern('type_code'),
  catalogue_sync_id_check: invalid('id'),
  category_translations_category_name_check: required('category_name'),
  category_translations_slug_check: pattern('slug'),
  channels_channel_code_check: pattern('channel_code'),
  chatgpt_settings_daily_limit_check: between('daily_limit', 0, 100000),
  chatgpt_settings_engine_check: oneOf('engine', ['openai', 'deepseek']),
  chatgpt_settings_temperature_check: between('temperature', 0, 2),
  chatgpt_settings_top_p_check: between('top_p', 0, 1),
  checklist_items_item_code_check: pattern('item_code'),
  company_currency_rates_rate_check: above('rate', 0),
  companies_invoice_on_check: oneOf('invoice_on', ['confirm', 'pay', 'ship']),
  companies_payment_days_check: between('payment_days', 0, 365),
  companies_accounting_email_check: bound('accounting_email', M.invalid_email),
  currency_rate_days_source_check: oneOf('source', ['manual', 'feed', 'initial']),
  content_page_columns_block_type_check: oneOf('block_type', ['text', 'image', 'video']),
  content_page_columns_col_width_check: between('col_width', 1, 12),
  content_page_columns_css_class_check: pattern('css_class'),
  content_page_columns_link_url_check: pattern('link_url'),
  content_page_columns_media_url_check: pattern('media_url'),
  content_pages_page_code_check: pattern('page_code'),
  countries_country_code_check: pattern('country_code'),
  currencies_currency_code_check: pattern('currency_code'),
  currencies_currency_precision_check: between('currency_precision', 0, 4),
  document_counters_doc_type_check: oneOf('doc_type', ['SO', 'PO', 'CMR', 'PL', 'INV', 'CN']),
  document_counters_last_no_check: atLeast('last_no', 0),
  document_counters_year_check: between('year', 1, 9999),
  delivery_method_rates_delivery_days_check: between('delivery_days', 0, 365),
  delivery_method_rates_free_from_check: atLeast('free_from', 0),
  delivery_method_rates_price_check: atLeast('price', 0),
  delivery_method_rates_weight_from_check: atLeast('weight_from', 0),
  delivery_methods_free_from_check: atLeast('free_from', 0),
  delivery_methods_price_check: atLeast('price', 0),
  engine_status_engine_check: oneOf('engine', ['google', 'deepl', 'openai', 'deepseek']),
  frontend_pages_page_code_check: pattern('page_code'),
  fsm_events_event_code_check: pattern('event_code'),
  fsm_events_event_params_check: bound('event_params', M.type_object),
  fsm_states_state_code_check: pattern('state_code'),
  fsm_types_type_code_check: pattern('type_code'),
  gpt_chat_messages_role_check: oneOf('role', ['system', 'user', 'assistant']),
  gpt_chats_engine_check: oneOf('engine', ['openai', 'deepseek']),
  grants_version_only_row_check: invalid('only_row'),
  grid_views_name_check: maxLength('name', 100),
  houses_image_uri_check: bound('image_uri', M.type_json),
  image_blobs_content_hash_check: pattern('content_hash'),
  image_blobs_content_type_check: oneOf('content_type', ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']),
  image_blobs_height_check: above('height', 0),
  image_blobs_size_bytes_check: above('size_bytes', 0),
  image_blobs_width_check: above('width', 0),
  languages_language_code_check: bound('language_code', M.type_language),
  mail_outbox_recipients_check: required('recipients'),
  mail_outbox_status_check: oneOf('status', ['pending', 'sent', 'failed', 'cancelled']),
  // Written by the outbox's code only (mail/enqueue.ts checks them first): never a user's field.
  mail_attachment_content_type: invalid('content_type'),
  mail_attachment_filename: invalid('filename'),
  mail_attachment_size: invalid('content'),
  // A document to draw when the mail is sent (migration 130): written by the server only.
  mail_attachment_document_kind: invalid('document_kind'),
  mail_attachment_content_or_document: invalid('content'),
  newsletter_tokens_purpose_check: oneOf('purpose', ['confirm', 'unsubscribe']),
  newsletter_tokens_token_hash_check: pattern('token_hash'),
  partner_contacts_contact_name_check: required('contact_name'),
  partner_contacts_email_check: bound('email', M.invalid_email),
  partners_email_check: bound('email', M.invalid_email),
  partners_payment_days_check: between('payment_days', 0, 365),
  partners_vat_number_check: pattern('vat_number'),
  password_links_purpose_check: oneOf('purpose', ['invite', 'reset', 'change']),
  payment_methods_fee_check: atLeast('fee', 0),
  product_change_log_log_action_check: oneOf('log_action', ['add', 'set', 'delete']),
  product_checklist_note_check: maxLength('note', 500),
  // Blank or over 2,000 characters: the screen's required and maxLength refuse both before the database (screens/products/product_comments.ts).
  product_comments_comment_check: maxLength('comment', 2000),
  product_files_file_name_check: maxLength('file_name', 255),
  product_files_size_bytes_check: atLeast('size_bytes', 0),
  product_pack_storages_pack_no_check: between('pack_no', 1, 99),
  product_videos_video_url_check: pattern('video_url'),
  products_keep_in_stock_check: oneOf('keep_in_stock', ['0', '1', '2']),
  products_packing_metal_check: atLeast('packing_metal', 0),
  products_packing_paper_check: atLeast('packing_paper', 0),
  products_packing_plastic_check: atLeast('packing_plastic', 0),
  products_packing_wood_check: atLeast('packing_wood', 0),
  products_product_code_check: pattern('product_code'),
  purchase_order_costs_cost_name_check: maxLength('cost_name', 100),
  purchase_order_documents_file_name_check: maxLength('file_name', 255),
  purchase_order_documents_size_bytes_check: atLeast('size_bytes', 0),
  rate_feed_status_id_check: invalid('id'),
  recipes_image_uri_check: bound('image_uri', M.type_json),
  reference_sync_id_check: invalid('id'),
  sales_order_documents_file_name_check: maxLength('file_name', 255),
  sales_order_documents_size_bytes_check: atLeast('size_bytes', 0),
  sales_orders_delivery_price_check: atLeast('delivery_price', 0),
  sales_orders_payment_fee_check: atLeast('payment_fee', 0),
  shelves_shelf_code_check: pattern('shelf_code'),
  shelves_walk_order_check: atLeast('walk_order', 0),
  shops_cart_reminder_hours_check: between('cart_reminder_hours', 0, 720),
  shop_languages_domain_check: pattern('domain'),
  shop_languages_url_prefix_check: pattern('url_prefix'),
  shop_products_shop_price_check: atLeast('shop_price', 0),
  shopper_groups_multiplier_check: bound('multiplier', msg(M.above, { min: 0 })),
  stock_corrections_quantity_check: bound('quantity', M.not_zero),
  stock_movements_kind_check: oneOf('kind', ['receipt', 'pick', 'transfer', 'correction']),
  stock_movements_quantity_check: bound('quantity', M.not_zero),
  storages_level_check: between('level', 1, 30),
  storages_position_check: between('position', 1, 999),
  storages_storage_code_check: pattern('storage_code'),
  store_locations_latitude_check: between('latitude', -90, 90),
  store_locations_longitude_check: between('longitude', -180, 180),
  translation_engines_engine_check: oneOf('engine', ['google', 'deepl']),
  vats_vat_rate_check: between('vat_rate', 0, 100),
} as const satisfies Record<string, RecordRule>;

/** The catalogue keys of the rules that say a message of their own (codegen requires each in every catalogue). */
export const ruleMessageIds = (): string[] =>
  Object.entries(RECORD_RULES as Record<string, RecordRule>)
    .filter(([, r]) => !r.says)
    .map(([rule]) => `rules.${rule}`);

/** What a refusal by `rule` (on `table`, without the schema) concerns and says; undefined for a rule not listed. */
export function recordRule(rule: string, table?: string): { fields: readonly string[]; says: string } | undefined {
  if (!Object.hasOwn(RECORD_RULES, rule)) return undefined;
  const r: RecordRule = RECORD_RULES[rule as keyof typeof RECORD_RULES];
  const fields = (table && r.tables && Object.hasOwn(r.tables, table) ? r.tables[table] : undefined) ?? r.fields;
  return { fields, says: r.says ?? `rules.${rule}` };
}
