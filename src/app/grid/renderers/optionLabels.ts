/**
 * The renderers that show a value as its name in the catalogue (keep_in_stock 2 → 'On order'),
 * by renderer key: the registry (index.tsx) renders, copies and filters their values so, and
 * the change summary (changeLog.tsx, a chunk the registry loads) names a logged column's
 * values by its renderer's. A leaf both import.
 */
import { logActionId, screenTitleId } from '../../../core/logWords.ts';
import { newsErrorId } from '../../../core/news.ts';
import { aiWordId, blockTypeId, chatEngineId, chatRoleId, keepInStockId, movementKindId, obdDocumentId, obdPlacementId, reportMeasureId, translationEngineId } from '../../../core/optionNames.ts';
import type { RendererKey } from '../../../core/registryKeys.ts';

export const OPTION_LABELS = {
  keepInStock: keepInStockId,
  blockType: blockTypeId,
  movementKind: movementKindId,
  chatEngine: chatEngineId,
  chatRole: chatRoleId,
  obdDocument: obdDocumentId,
  obdPlacement: obdPlacementId,
  reportMeasure: reportMeasureId,
  logAction: logActionId,
  screenTitle: screenTitleId,
  newsError: newsErrorId,
  translationEngine: translationEngineId,
  aiWord: aiWordId,
} satisfies Partial<Record<RendererKey, (value: unknown) => string>>;

/** The locale key naming a value of this renderer's column; undefined when it shows values as they are. */
export const optionLabelOf = (renderer: RendererKey): ((value: unknown) => string) | undefined =>
  Object.hasOwn(OPTION_LABELS, renderer) ? OPTION_LABELS[renderer as keyof typeof OPTION_LABELS] : undefined;
