/**
 * Bulk actions of the grid toolbar, by the registry keys descriptors name in
 * `actions.bulk` (core/bulkActions.ts holds the keys and their permission flags). Each acts on the
 * picked rows, or on every row of the grid's filter (and the page's fixed filter) when
 * none is picked. The grid knows none of them: the screen page loads this module lazily and
 * hands it to the grid as its toolbar slot (ScreenGrid `toolbarStart`, `detailActions`; lint
 * forbids src/app/grid to import src/app/actions). Each calls the server through the typed
 * client (api/actions.ts) or the grid's data provider.
 */
import { Suspense, type ComponentType } from 'react';
import { lazyFirstPart, lazyWithMessages } from '../i18n/lazy.tsx';
import { allFilters } from '../grid/gridApi.ts';
import type { BulkToolbarProps } from '../grid/gridProps.ts';
import { bulkActionsOf, bulkButtonKeys, type BulkActionKey } from '../../core/bulkActions.ts';
import type { BulkActionProps } from './actionProps.ts';

type Load = () => Promise<{ default: ComponentType<BulkActionProps> }>;

// Each action's module loads only on a screen that shows it: a page carries its own few, not all of them.
const loaders: Record<BulkActionKey, Load> = {
  purchase_price_update: () => import('./PurchasePriceUpdate.tsx').then((m) => ({ default: m.PurchasePriceUpdate })),
  reprice: () => import('./Reprice.tsx').then((m) => ({ default: m.Reprice })),
  courier_export: () => import('./Courier.tsx').then((m) => ({ default: m.CourierExport })),
  courier_tracking: () => import('./Courier.tsx').then((m) => ({ default: m.CourierTracking })),
  pick_list_create: () => import('./Warehouse.tsx').then((m) => ({ default: m.PickListCreate })),
  receive_purchase_orders: () => import('./Warehouse.tsx').then((m) => ({ default: m.ReceivePurchaseOrders })),
  goods_to_order_create: () => import('./Warehouse.tsx').then((m) => ({ default: m.GoodsToOrderCreate })),
  product_labels: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintLabels })),
  pick_lists_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintPickLists })),
  arriving_shipments_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintArrivingShipments })),
  order_confirmations_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintOrderConfirmations })),
  delivery_notes_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintDeliveryNotes })),
  invoices_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintInvoices })),
  purchase_orders_print: () => import('./PrintPicked.tsx').then((m) => ({ default: m.PrintPurchaseOrders })),
  file_upload: () => import('./Files.tsx').then((m) => ({ default: m.FileUpload })),
  file_download: () => import('./Files.tsx').then((m) => ({ default: m.FileDownload })),
  news_fetch: () => import('./News.tsx').then((m) => ({ default: m.NewsFetch })),
  rate_feed: () => import('./RateFeed.tsx').then((m) => ({ default: m.RateFeed })),
  email_sync: () => import('./Email.tsx').then((m) => ({ default: m.EmailSync })),
  email_open: () => import('./Email.tsx').then((m) => ({ default: m.EmailOpen })),
  mail_preview: () => import('./MailOutbox.tsx').then((m) => ({ default: m.MailPreview })),
  mail_resend: () => import('./MailOutbox.tsx').then((m) => ({ default: m.MailResend })),
  mail_cancel: () => import('./MailOutbox.tsx').then((m) => ({ default: m.MailCancel })),
  ai_analytics_run: () => import('./AiAnalytics.tsx').then((m) => ({ default: m.AiAnalyticsRun })),
  machine_translate: () => import('./MachineTranslate.tsx').then((m) => ({ default: m.MachineTranslate })),
  user_invite: () => import('./UserAccounts.tsx').then((m) => ({ default: m.UserInvite })),
  user_password_reset: () => import('./UserAccounts.tsx').then((m) => ({ default: m.UserPasswordReset })),
  user_end_sessions: () => import('./UserAccounts.tsx').then((m) => ({ default: m.UserEndSessions })),
  partner_user_invite: () => import('./UserAccounts.tsx').then((m) => ({ default: m.PartnerUserInvite })),
  partner_user_password_reset: () => import('./UserAccounts.tsx').then((m) => ({ default: m.PartnerUserPasswordReset })),
  partner_user_end_sessions: () => import('./UserAccounts.tsx').then((m) => ({ default: m.PartnerUserEndSessions })),
  user_initial_password: () => import('./InitialPassword.tsx').then((m) => ({ default: m.InitialPassword })),
  totp_policy: () => import('./UserAccounts.tsx').then((m) => ({ default: m.TotpPolicy })),
  ai_generate: () => import('./AiGenerate.tsx').then((m) => ({ default: m.AiGenerate })),
  product_texts_translate: () => import('./ProductTextsTranslate.tsx').then((m) => ({ default: m.ProductTextsTranslate })),
  ai_accept: () => import('./AiProposals.tsx').then((m) => ({ default: m.AiProposalsAccept })),
  ai_reject: () => import('./AiProposals.tsx').then((m) => ({ default: m.AiProposalsReject })),
  select_preview: () => import('./SelectPreview.tsx').then((m) => ({ default: m.SelectPreview })),
  ai_draft: () => import('./AiDraft.tsx').then((m) => ({ default: m.AiDraft })),
  product_pictures_add: () => import('./Pictures.tsx').then((m) => ({ default: m.PicturesAdd })),
  product_picture_replace: () => import('./Pictures.tsx').then((m) => ({ default: m.PictureReplace })),
  shop_list: () => import('./ShopList.tsx').then((m) => ({ default: m.ShopList })),
  credit_note: () => import('./Invoices.tsx').then((m) => ({ default: m.CreditNote })),
  einvoice_download: () => import('./Invoices.tsx').then((m) => ({ default: m.EInvoiceDownload })),
  facturx_download: () => import('./Invoices.tsx').then((m) => ({ default: m.FacturXDownload })),
  accounting_export: () => import('./Invoices.tsx').then((m) => ({ default: m.AccountingExport })),
  document_mail: () => import('./DocumentMail.tsx').then((m) => ({ default: m.DocumentMail })),
};

const loading = new Map<BulkActionKey, Promise<{ default: ComponentType<BulkActionProps> }>>();
const load = (k: BulkActionKey) => loading.get(k) ?? (loading.set(k, loaders[k]()), loading.get(k)!);
const registry = {} as Record<BulkActionKey, ComponentType<BulkActionProps>>;
// A button that says only its screen's labels' words paints without the catalogue's later part (core/bulkActions.ts `bulkButtonKeys`); the rest wait for it.
for (const k of Object.keys(loaders) as BulkActionKey[]) registry[k] = bulkButtonKeys[k] ? lazyFirstPart(() => load(k)) : lazyWithMessages(() => load(k));

export default function BulkActions({ screen, perms, query, fixed, onDone, onUndoable }: BulkToolbarProps) {
  const q = fixed ? { ...query, filterModel: allFilters({ filterModel: query.filterModel, fixed }) } : query;
  const keys = bulkActionsOf(screen, perms);
  // All of them asked for at once (a suspended first one would hold the next one's request back); one boundary: they appear together, in their order.
  for (const k of keys) void load(k);
  return (
    <Suspense fallback={null}>
      {keys.map((k) => {
        const Component = registry[k];
        return <Component key={k} screen={screen} query={q} fixed={fixed} onDone={onDone} onUndoable={onUndoable} />;
      })}
    </Suspense>
  );
}
