/**
 * Bulk actions of the grid toolbar, by the registry keys descriptors name in
 * `actions.bulk` (core/bulkActions.ts holds the keys and their permission flags). Each acts on the
 * picked rows, or on every row of the grid's filter (and the page's fixed filter) when
 * none is picked. The grid knows none of them: the screen page loads this module lazily and
 * hands it to the grid as its toolbar slot (ScreenGrid `toolbarStart`, `detailActions`; lint
 * forbids src/app/grid to import src/app/actions). Each calls the server through the typed
 * client (api/actions.ts) or the grid's data provider.
 */
import type { ComponentType } from 'react';
import { allFilters } from '../grid/gridApi.ts';
import type { BulkToolbarProps } from '../grid/gridProps.ts';
import { bulkActionsOf, type BulkActionKey } from '../../core/bulkActions.ts';
import { CourierExport, CourierTracking } from './Courier.tsx';
import { InitialPassword } from './InitialPassword.tsx';
import { NewsFetch } from './News.tsx';
import { RateFeed } from './RateFeed.tsx';
import { EmailOpen, EmailSync } from './Email.tsx';
import { AiAnalyticsRun } from './AiAnalytics.tsx';
import { MachineTranslate } from './MachineTranslate.tsx';
import { PrintArrivingShipments, PrintDeliveryNotes, PrintInvoices, PrintLabels, PrintOrderConfirmations, PrintPickLists, PrintPurchaseOrders } from './PrintPicked.tsx';
import { FileDownload, FileUpload } from './Files.tsx';
import { PurchasePriceUpdate } from './PurchasePriceUpdate.tsx';
import { Reprice } from './Reprice.tsx';
import { PartnerUserEndSessions, PartnerUserInvite, PartnerUserPasswordReset, TotpPolicy, UserEndSessions, UserInvite, UserPasswordReset } from './UserAccounts.tsx';
import { GoodsToOrderCreate, PickListCreate, ReceivePurchaseOrders } from './Warehouse.tsx';
import { AiDraft } from './AiDraft.tsx';
import { AiGenerate } from './AiGenerate.tsx';
import { ProductTextsTranslate } from './ProductTextsTranslate.tsx';
import { AiProposalsAccept, AiProposalsReject } from './AiProposals.tsx';
import { SelectPreview } from './SelectPreview.tsx';
import type { BulkActionProps } from './actionProps.ts';
import { PictureReplace, PicturesAdd } from './Pictures.tsx';
import { ShopList } from './ShopList.tsx';
import { AccountingExport, CreditNote, EInvoiceDownload } from './Invoices.tsx';
import { MailCancel, MailPreview, MailResend } from './MailOutbox.tsx';

const registry: Record<BulkActionKey, ComponentType<BulkActionProps>> = {
  purchase_price_update: PurchasePriceUpdate,
  reprice: Reprice,
  courier_export: CourierExport,
  courier_tracking: CourierTracking,
  pick_list_create: PickListCreate,
  receive_purchase_orders: ReceivePurchaseOrders,
  goods_to_order_create: GoodsToOrderCreate,
  product_labels: PrintLabels,
  pick_lists_print: PrintPickLists,
  arriving_shipments_print: PrintArrivingShipments,
  order_confirmations_print: PrintOrderConfirmations,
  delivery_notes_print: PrintDeliveryNotes,
  invoices_print: PrintInvoices,
  purchase_orders_print: PrintPurchaseOrders,
  file_upload: FileUpload,
  file_download: FileDownload,
  news_fetch: NewsFetch,
  rate_feed: RateFeed,
  email_sync: EmailSync,
  email_open: EmailOpen,
  mail_preview: MailPreview,
  mail_resend: MailResend,
  mail_cancel: MailCancel,
  ai_analytics_run: AiAnalyticsRun,
  machine_translate: MachineTranslate,
  user_invite: UserInvite,
  user_password_reset: UserPasswordReset,
  user_end_sessions: UserEndSessions,
  partner_user_invite: PartnerUserInvite,
  partner_user_password_reset: PartnerUserPasswordReset,
  partner_user_end_sessions: PartnerUserEndSessions,
  user_initial_password: InitialPassword,
  totp_policy: TotpPolicy,
  ai_generate: AiGenerate,
  product_texts_translate: ProductTextsTranslate,
  ai_accept: AiProposalsAccept,
  ai_reject: AiProposalsReject,
  select_preview: SelectPreview,
  ai_draft: AiDraft,
  product_pictures_add: PicturesAdd,
  product_picture_replace: PictureReplace,
  shop_list: ShopList,
  credit_note: CreditNote,
  einvoice_download: EInvoiceDownload,
  accounting_export: AccountingExport,
};

export default function BulkActions({ screen, perms, query, fixed, onDone, onUndoable }: BulkToolbarProps) {
  const q = fixed ? { ...query, filterModel: allFilters({ filterModel: query.filterModel, fixed }) } : query;
  return (
    <>
      {bulkActionsOf(screen, perms).map((k) => {
        const Component = registry[k];
        return <Component key={k} screen={screen} query={q} fixed={fixed} onDone={onDone} onUndoable={onUndoable} />;
      })}
    </>
  );
}
