/**
 * The HTTP contract (spec §7) as valibot schemas: the server validates every request
 * and response with them, codegen turns them into `openapi.yaml`, and the browser
 * client gets its types from that document. One file per feature under schemas/api/;
 * every schema exported here is a named component of the document (shared field
 * schemas stay in schemas/api/fields.ts, not exported here).
 */
export * from './api/common.ts';
export * from './api/auth.ts';
export * from './api/session.ts';
export * from './api/reference.ts';
export * from './api/logs.ts';
export * from './api/askAi.ts';
export * from './api/apiAction.ts';
export * from './api/gridState.ts';
export * from './api/products.ts';
export * from './api/workflow.ts';
export * from './api/courier.ts';
export * from './api/warehouse.ts';
export * from './api/news.ts';
export * from './api/email.ts';
export * from './api/aiContent.ts';
export * from './api/transfer.ts';
export * from './api/translate.ts';
export * from './api/chat.ts';
export * from './api/bootstrap.ts';
export * from './api/rpc.ts';
