/**
 * The HTTP contract (spec §7) as valibot schemas: the server validates every request
 * and response with them, codegen turns them into `openapi.yaml`, and the browser
 * client gets its types from that document. One file per feature under schemas/api/;
 * every schema exported here is a named component of the document (shared field
 * schemas stay in schemas/api/fields.ts, not exported here). Besides the procedures
 * (schemas/api/rpc.ts), each feature declares its HTTP routes (schemas/api/http.ts), gathered
 * in `httpRoutes`. The custom api_actions are each one contract (schemas/api/defineAction.ts)
 * beside its payload, gathered in `actionContracts`.
 */
import { documentRoutes, type HttpRoute } from './api/http.ts';
import { referenceRoutes } from './api/reference.ts';
import { liveRoutes } from './api/live.ts';
import { captionRoutes } from './api/captions.ts';
import { translateHttpRoutes } from './api/translate.ts';
import { chatRoutes } from './api/chat.ts';
import { askAiRoutes } from './api/askAi.ts';
import { fileRoutes } from './api/files.ts';
import { imageRoutes } from './api/images.ts';
import { transferRoutes } from './api/transfer.ts';
import { printRoutes } from './api/print.ts';
import { changeLabelsActions } from './api/apiAction.ts';
import { gridStateActions } from './api/gridState.ts';
import { bookmarkActions } from './api/session.ts';
import { productActions } from './api/products.ts';
import { shopListingActions } from './api/shopListings.ts';
import { workflowActions } from './api/workflow.ts';
import { courierActions } from './api/courier.ts';
import { warehouseActions } from './api/warehouse.ts';
import { newsActions } from './api/news.ts';
import { rateActions } from './api/rates.ts';
import { emailActions } from './api/email.ts';
import { askAiActions } from './api/askAi.ts';
import { userAccountActions } from './api/auth.ts';
import { aiContentActions } from './api/aiContent.ts';
import { setupActions } from './api/setup.ts';
import { invoiceActions, invoiceRoutes } from './api/invoices.ts';
import { mailOutboxActions } from './api/mailOutbox.ts';
import { documentMailActions } from './api/documentMail.ts';

export * from './api/http.ts';
export * from './api/defineAction.ts';
export * from './api/common.ts';
export * from './api/auth.ts';
export * from './api/session.ts';
export * from './api/reference.ts';
export * from './api/logs.ts';
export * from './api/askAi.ts';
export * from './api/apiAction.ts';
export * from './api/gridState.ts';
export * from './api/products.ts';
export * from './api/shopListings.ts';
export * from './api/workflow.ts';
export * from './api/courier.ts';
export * from './api/warehouse.ts';
export * from './api/news.ts';
export * from './api/rates.ts';
export * from './api/email.ts';
export * from './api/aiContent.ts';
export * from './api/setup.ts';
export * from './api/invoices.ts';
export * from './api/mailOutbox.ts';
export * from './api/documentMail.ts';
export * from './api/transfer.ts';
export * from './api/files.ts';
export * from './api/images.ts';
export * from './api/print.ts';
export * from './api/live.ts';
export * from './api/captions.ts';
export * from './api/translate.ts';
export * from './api/chat.ts';
export * from './api/bootstrap.ts';
export * from './api/rpc.ts';

/** Every HTTP route besides POST /rpc/{name}, in the document's order (tests/api/openapi-routes.test.ts holds the server to it). */
export const httpRoutes: readonly HttpRoute[] = [
  ...referenceRoutes,
  ...documentRoutes,
  ...liveRoutes,
  ...captionRoutes,
  ...translateHttpRoutes,
  ...chatRoutes,
  ...askAiRoutes,
  ...fileRoutes,
  ...imageRoutes,
  ...transferRoutes,
  ...printRoutes,
  ...invoiceRoutes,
];

/**
 * Every custom api_action beside the descriptor engine, by the name the browser calls it
 * (src/app/api/actions.ts `actions.<name>`): the entity when it has one verb, else
 * `<entity>_<verb>`. The server's registry is built from their implementations
 * (src/server/actions/index.ts), the OpenAPI document lists each (`x-actions` of api_action).
 */
export const actionContracts = {
  ...gridStateActions,
  ...bookmarkActions,
  ...changeLabelsActions,
  ...productActions,
  ...shopListingActions,
  ...workflowActions,
  ...courierActions,
  ...warehouseActions,
  ...newsActions,
  ...rateActions,
  ...emailActions,
  ...askAiActions,
  ...userAccountActions,
  ...aiContentActions,
  ...setupActions,
  ...invoiceActions,
  ...mailOutboxActions,
  ...documentMailActions,
};
export type ActionName = keyof typeof actionContracts;
