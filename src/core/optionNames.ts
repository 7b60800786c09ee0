/**
 * The catalogue key naming a value of a column whose renderer names its values
 * (keep_in_stock 2 → 'On order', a page block's kind, a change log's action, a logged
 * screen's title). The grid's
 * renderers (`optionLabelId`) and the server's change log export read it here, so a value
 * exported is named as the grid names it.
 */
import { logActionId, screenTitleId } from './logWords.ts';
import { newsErrorId } from './news.ts';

const digits = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};

export const keepInStockId = (v: unknown): string => `keep_in_stock.${digits(v)}`;
/** A page block's kind: text, image, video. */
export const blockTypeId = (v: unknown): string => `grid.block_type_${String(v)}`;
/** What a report ranks by (list_80_percent's measure): revenue, quantity. */
export const reportMeasureId = (v: unknown): string => `grid.measure_${String(v)}`;

/** A stock movement's kind: receipt, pick, transfer, correction. */
export const movementKindId = (v: unknown): string => `grid.movement_kind_${String(v)}`;

/** What an obd text (settings/obd_texts) belongs to: order, invoice, delivery note, pick list, arriving shipment. */
export const obdDocumentId = (v: unknown): string => `screens.obd_texts.document_${String(v)}`;
/** Where an obd text prints: header, footer, terms. */
export const obdPlacementId = (v: unknown): string => `screens.obd_texts.placement_${String(v)}`;
/** A machine translation engine (settings/gtranslate): Google Translate, DeepL. */
export const translationEngineId = (v: unknown): string => `screens.gtranslate.engine_${String(v)}`;

/** A chat engine of the ChatGPT settings and conversations: openai, deepseek. */
export const chatEngineId = (v: unknown): string => `grid.chat_engine_${String(v)}`;
/** Who wrote a conversation's message: system, user, assistant. */
export const chatRoleId = (v: unknown): string => `grid.chat_role_${String(v)}`;

/** An AI proposal's field (short or long description) and state (ai_proposals, select_preview). */
export const aiWordId = (v: unknown): string => `screens.ai_proposals.${String(v)}`;

const byRenderer: Readonly<Record<string, (value: unknown) => string>> = {
  keepInStock: keepInStockId,
  blockType: blockTypeId,
  movementKind: movementKindId,
  reportMeasure: reportMeasureId,
  logAction: logActionId,
  screenTitle: screenTitleId,
  newsError: newsErrorId,
  obdDocument: obdDocumentId,
  obdPlacement: obdPlacementId,
  chatEngine: chatEngineId,
  chatRole: chatRoleId,
  translationEngine: translationEngineId,
  aiWord: aiWordId,
};

/** The key-maker of a renderer that names its values, else undefined. */
export const optionLabelIdOf = (renderer: string | undefined): ((value: unknown) => string) | undefined => (renderer && Object.hasOwn(byRenderer, renderer) ? byRenderer[renderer] : undefined);
