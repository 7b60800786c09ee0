/**
 * The names a descriptor may use in `actions.bulk`: toolbar actions over the picked rows
 * (or every row of the grid's filter), each with the page permission it needs. Pure data:
 * codegen checks descriptors against it, the page reads it without loading the dialogs
 * (app/actions/).
 */
import type { ScreenSpec } from './descriptor.ts';

const bulkActionFlags = {
  purchase_price_update: 'set',
  // New selling prices by the price rule, previewed then applied (Reprice.tsx, src/server/actions/reprice.ts).
  reprice: 'set',
  courier_export: 'list',
  courier_tracking: 'set',
  pick_list_create: 'add',
  receive_purchase_orders: 'add',
  goods_to_order_create: 'add',
  // Opens the print page, whose own permission it checks (PrintLabels.tsx).
  product_labels: 'list',
  pick_lists_print: 'list',
  arriving_shipments_print: 'list',
  // Customers' and suppliers' documents of the picked orders, invoices, purchase orders (PrintPicked.tsx, server/print/salesDocuments.ts).
  order_confirmations_print: 'list',
  delivery_notes_print: 'list',
  invoices_print: 'list',
  purchase_orders_print: 'list',
  // An order's Documents tab (Files.tsx, src/server/http/files.ts): files uploaded to the grid's order; the picked files downloaded.
  file_upload: 'add',
  file_download: 'list',
  // Fetches the picked news sources now (src/server/actions/news.ts).
  news_fetch: 'set',
  // The rate feed's state and "Fetch now" on /finance/currency_rates (src/server/actions/rates.ts): shown to whoever lists, fetching needs set (checked by the server).
  rate_feed: 'list',
  // Mail for AI (Email.tsx, src/server/actions/email.ts): synchronise the mailbox; read the picked message, label it, draft a reply.
  email_sync: 'set',
  email_open: 'list',
  // The Outbox (src/app/actions/MailOutbox.tsx, src/server/actions/mail_outbox.ts): read the picked mail; queue failed or cancelled ones again; cancel queued ones.
  mail_preview: 'list',
  mail_resend: 'set',
  mail_cancel: 'set',
  // Answers a saved question of /ai_content/ai_analytics again (src/server/actions/ai_analytics.ts).
  ai_analytics_run: 'set',
  // Writes captions of the translation table (MachineTranslate.tsx).
  machine_translate: 'set',
  // /settings/users: set-password links and ending sessions (src/server/actions/user_accounts.ts).
  user_invite: 'set',
  user_password_reset: 'set',
  user_end_sessions: 'set',
  // The same for partners' users, from /partners/user_list under its own rights.
  partner_user_invite: 'set',
  partner_user_password_reset: 'set',
  partner_user_end_sessions: 'set',
  // One user's initial password, to be changed at her next sign-in.
  user_initial_password: 'set',
  // The two-step sign-in policy (the server asks the perms right to change it).
  totp_policy: 'list',
  // The AI content area (src/server/actions/ai_content.ts): generating, deciding, comparing side by side (texts, or images of recipes and houses), drafting.
  ai_generate: 'set',
  // The picked products' texts into the other languages by the company's translation engine (ProductTextsTranslate.tsx).
  product_texts_translate: 'set',
  ai_accept: 'set',
  ai_reject: 'set',
  select_preview: 'set',
  ai_draft: 'set',
  // Product pictures (Pictures.tsx, src/server/http/images.ts): new image rows from files picked or dropped on the grid; a new picture for the picked row.
  product_pictures_add: 'add',
  product_picture_replace: 'set',
  // The picked products (or the filter's) listed in a shop (ShopList.tsx, src/server/actions/shop_list.ts): shown to holders of the shop products' add right, which the server checks.
  shop_list: 'list',
  // A credit note of the picked invoice (Invoices.tsx, src/server/actions/invoices.ts).
  credit_note: 'add',
  // The picked document as an EN 16931 e-invoice (UBL 2.1 XML, or a Factur-X PDF), and a period's archive for the accounting (Invoices.tsx, src/server/invoices/routes.ts).
  einvoice_download: 'list',
  facturx_download: 'list',
  accounting_export: 'list',
  // "Send by mail…": the picked order's, invoice's, purchase order's or CMR note's document queued in the outbox (DocumentMail.tsx, src/server/actions/document_mail.ts).
  document_mail: 'set',
} as const satisfies Record<string, 'list' | 'add' | 'set' | 'delete'>;
export type BulkActionKey = keyof typeof bulkActionFlags;

/**
 * The words a toolbar button says before it is opened (its label, why it is off), for the
 * actions whose button says no other: they come with the screen's labels (codegen
 * `fieldKeysOf`), so the button paints without the catalogue's later part, which its dialog
 * waits for (app/actions/index.tsx, BulkDialog.tsx). An action not named here loads with the
 * later part. `tests/e2e/languages.test.ts` opens the product list with none of it.
 */
export const bulkButtonKeys: Partial<Record<BulkActionKey, readonly string[]>> = {
  product_labels: ['print.labels_action', 'print.pick_products'],
  pick_lists_print: ['print.print_action', 'print.pick_rows'],
  arriving_shipments_print: ['print.print_action', 'print.pick_rows'],
  order_confirmations_print: ['print.order_confirmations_action', 'print.pick_rows'],
  delivery_notes_print: ['print.delivery_notes_action', 'print.pick_rows'],
  invoices_print: ['print.print_action', 'print.pick_rows'],
  purchase_orders_print: ['print.print_action', 'print.pick_rows'],
  product_texts_translate: ['grid.bulk_translate_texts', 'grid.bulk_translate_texts_pick', 'grid.bulk_translate_texts_too_many'],
  shop_list: ['grid.bulk_shop_list'],
};
export const bulkActionKeys = Object.keys(bulkActionFlags) as BulkActionKey[];

const isBulkActionKey = (k: unknown): k is BulkActionKey => typeof k === 'string' && Object.hasOwn(bulkActionFlags, k);

/** The bulk actions of a screen the user may run (`list`: a grid on screen is listed already). */
export const bulkActionsOf = (screen: Pick<ScreenSpec, 'actions'>, perms: Record<'add' | 'set' | 'delete', boolean> & { list?: boolean }): BulkActionKey[] =>
  (screen.actions.bulk ?? []).filter((k): k is BulkActionKey => isBulkActionKey(k) && perms[bulkActionFlags[k]] !== false);
