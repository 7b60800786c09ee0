import type * as v from 'valibot';
import type { ApiActionInput } from '../../../schemas/api.ts';
import { HttpError, badRequest, checkInputText, forbidden, parseInput } from '../http/errors.ts';
import { readsOf, type UserCtx } from '../rpc/context.ts';
import { changeLabels } from './change_labels.ts';
import { aggregate, parseAggregate } from './engine/aggregate.ts';
import { listJson, locateRow, parseFilter, parseList } from './engine/list.ts';
import { checkAgGridRequest } from './engine/agGrid.ts';
import { ownerScope } from './engine/owner.ts';
import { requirePagePermission, type Flag } from './engine/permissions.ts';
import { screens, type Screen } from './engine/screens.ts';
import { deleteRows, previewDelete } from './engine/delete.ts';
import { addRow, isBulkSet, setRow, setRows, undoChanges } from './engine/write.ts';
import { redoChanges } from './engine/redo.ts';
import { gridState } from './grid_state.ts';
import { gridViews } from './grid_views.ts';
import type { Implementation } from './implement.ts';
import { keepInStock } from './keep_in_stock.ts';
import { applyPurchasePriceUpdate, previewPurchasePriceUpdate } from './purchase_price_update.ts';
import { applyShopList, previewShopList } from './shop_list.ts';
import { applyReprice, previewReprice } from './reprice.ts';
import { listBookmarks, setBookmarks } from './user_bookmarks.ts';
import { partnerUserEndSessions, partnerUserInvite, partnerUserPasswordReset, totpPolicy, userEndSessions, userInitialPassword, userInvite, userPasswordReset } from './user_accounts.ts';
import { fsmTrigger, triggerFsm, triggerFsms } from '../workflow/actions.ts';
import { fsmBoard } from '../workflow/board.ts';
import { courierExport, courierTracking } from './courier.ts';
import { goodsToOrderCreate, pickListCreate, receivePurchaseOrders } from './warehouse.ts';
import { newsFetch } from './news.ts';
import { rateFeedFetch, rateFeedStatus } from './rates.ts';
import { emailDraft, emailDraftSave, emailLabels, emailMessage, emailSync, emailSyncStatus } from './email.ts';
import { aiAnalyticsRun } from './ai_analytics.ts';
import { setupChecklist } from './setup_checklist.ts';
import { creditNote } from './invoices.ts';
import { delivering } from '../invoices/deliver.ts';
import { mailCancel, mailPreview, mailResend } from './mail_outbox.ts';
import { documentMailAdd, documentMailList } from './document_mail.ts';
import { aiDraft, aiEngineStatus, aiGenerate, aiProposalsAccept, aiProposalsReject, productTextsTranslate } from './ai_content.ts';

type Action = v.InferOutput<typeof ApiActionInput>['action'];

/**
 * Every custom action's implementation, each bound to its contract (schemas/api.ts
 * `actionContracts`): the contract says the entity, the verb and the page right, so this
 * list is all the registry needs (tests/api/openapi-routes.test.ts: one implementation per
 * contract, every one in the OpenAPI document).
 */
export const implementations: readonly Implementation[] = [
  keepInStock,
  setBookmarks,
  listBookmarks,
  ...gridState,
  ...gridViews,
  previewPurchasePriceUpdate,
  applyPurchasePriceUpdate,
  previewShopList,
  applyShopList,
  previewReprice,
  applyReprice,
  changeLabels,
  fsmTrigger,
  triggerFsms,
  triggerFsm,
  fsmBoard,
  courierExport,
  courierTracking,
  pickListCreate,
  receivePurchaseOrders,
  goodsToOrderCreate,
  newsFetch,
  rateFeedStatus,
  rateFeedFetch,
  emailSyncStatus,
  emailSync,
  emailMessage,
  emailLabels,
  emailDraft,
  emailDraftSave,
  aiAnalyticsRun,
  userInvite,
  userPasswordReset,
  userEndSessions,
  partnerUserInvite,
  partnerUserPasswordReset,
  partnerUserEndSessions,
  userInitialPassword,
  ...totpPolicy,
  aiEngineStatus,
  aiGenerate,
  productTextsTranslate,
  aiProposalsAccept,
  aiProposalsReject,
  aiDraft,
  setupChecklist,
  creditNote,
  mailPreview,
  documentMailList,
  documentMailAdd,
  mailResend,
  mailCancel,
];

/** The custom actions by entity, then verb; a second implementation of one entity and verb stops the server at start. */
export const custom: ReadonlyMap<string, ReadonlyMap<Action, Implementation>> = (() => {
  const byEntity = new Map<string, Map<Action, Implementation>>();
  for (const impl of implementations) {
    const { entity, action } = impl.contract;
    if (screens.has(entity)) throw new Error(`custom action ${entity}: a form of that name exists`);
    const verbs = byEntity.get(entity) ?? new Map<Action, Implementation>();
    if (verbs.has(action)) throw new Error(`custom action ${entity} ${action}: implemented twice`);
    byEntity.set(entity, verbs.set(action, impl));
  }
  return byEntity;
})();

// undo: 'set' to undo edits, 'delete' to undo deletes — checked once the entries are read (either one lets the request in).
const flagOf: Record<Action, Flag> = { list: 'list', filter: 'list', aggregate: 'list', add: 'add', set: 'set', undo: 'set', redo: 'set', delete: 'delete', delete_preview: 'delete' };

/**
 * Whether an api_action only reads: list, filter and aggregate of a descriptor (custom
 * entities excluded). Such a request may run on a session not yet confirmed (peekSession).
 */
export function onlyReads(input: v.InferOutput<typeof ApiActionInput>): boolean {
  return (input.action === 'list' || input.action === 'filter' || input.action === 'aggregate') && !custom.has(input.entity);
}

/** A report (screens/reports/: its page under /reports/): only read, and heavy. */
const isReport = (screen: Screen): boolean => screen.pageUrl?.startsWith('/reports/') === true;

/**
 * api_action(entity, action, payload): one engine for every descriptor. Order of
 * checks: the entity exists (404), the user may do it (403), the form offers it (400),
 * the payload is valid (400); then SQL from descriptor identifiers only.
 */
export async function apiAction(ctx: UserCtx, input: v.InferOutput<typeof ApiActionInput>): Promise<unknown> {
  const { entity, action, payload, confirm } = input;
  const { db, session } = ctx;
  const own = custom.get(entity);
  if (own) {
    const impl = own.get(action);
    if (!impl) throw badRequest(`action: "${entity}" offers ${[...own.keys()].join(', ')}, not ${action}`);
    const { page, flag, input: schema } = impl.contract;
    if (page !== 'authenticated') await requirePagePermission(db, session, page, flag, entity);
    checkInputText(payload, 'payload');
    return impl.run(confirm ? { ...ctx, confirm } : ctx, parseInput(schema, payload), payload);
  }
  const screen = screens.get(entity);
  if (!screen) throw new HttpError(404, 'bad_data_source', `bad_data_source: no form "${entity}"`);

  const flag: Flag = flagOf[action];
  const may = async (f: Flag) => {
    if (screen.access === 'authenticated') {
      if (f !== 'list') throw forbidden(`forbidden: ${entity} is read-only`);
    } else {
      await requirePagePermission(db, session, screen.pageUrl!, f, entity);
    }
  };
  if (action === 'undo') await may('set').catch((e) => may('delete').catch(() => Promise.reject(e)));
  else await may(flag);
  if (screen.source.company && !session.company) throw forbidden('forbidden: this form needs a company');
  // Text PostgreSQL cannot hold and prototype keys, anywhere in the payload: one check for every action.
  checkInputText(payload, 'payload');

  // Private rows (source.owner): the user's own, or every one for the page's administrator.
  const scope = { company: session.company, userId: session.userId, language: session.languageCode, owner: await ownerScope(db, session, screen), confirm };
  // A report's rows (read-only, heavy) come from the replica when there is one (Deps.reads).
  const reads = isReport(screen) ? readsOf(ctx) : db;
  // A row write may issue an invoice (a payment on the cash flow settling an order invoiced on `pay`): delivered in its transaction.
  const writes = delivering(db);
  switch (action) {
    case 'list': {
      const req = parseList(payload);
      checkAgGridRequest(screen, req);
      // Where one row stands (the grid scrolls to a row just added), under the same checks.
      if (req.locate) return locateRow(db, screen, req, scope);
      return listJson(reads, screen, req, scope, { estimateThreshold: ctx.config.countEstimateThreshold, json: reads.jsonRows });
    }
    case 'filter': {
      const req = parseFilter(payload);
      checkAgGridRequest(screen, req);
      return listJson(reads, screen, req, scope, { estimateThreshold: ctx.config.countEstimateThreshold, json: reads.jsonRows });
    }
    case 'aggregate':
      return aggregate(reads, screen, parseAggregate(payload), scope);
    case 'set':
      if (!Object.values(screen.columns).some((c) => c.editable)) throw badRequest(`action: ${entity} has no editable column`);
      return isBulkSet(screen, payload) ? setRows(writes, screen, payload, scope) : setRow(writes, screen, payload, scope);
    case 'undo':
      return undoChanges(writes, screen, payload, scope, may);
    case 'redo':
      return redoChanges(writes, screen, payload, scope);
    case 'add':
      if (!screen.actions.add) throw badRequest(`action: ${entity} does not offer add`);
      return addRow(writes, screen, payload, scope);
    case 'delete':
      if (!screen.actions.delete) throw badRequest(`action: ${entity} does not offer delete`);
      return deleteRows(writes, screen, payload, scope);
    case 'delete_preview':
      if (!screen.actions.delete) throw badRequest(`action: ${entity} does not offer delete`);
      return previewDelete(db, screen, payload, scope);
  }
}
