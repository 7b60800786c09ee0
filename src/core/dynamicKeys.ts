/**
 * Locale keys built at run time from a value (`grid.log_${action}`), by prefix, with every
 * value they are built from. Codegen checks that each built key has a text in every
 * catalogue and that no other template of a key exists (codegen/locales.ts): a missing
 * key fails the build, it never shows its name to a user. Keys built from descriptors
 * (screens., fields., areas.) and server error codes (errorCodes.ts) are checked from there.
 */
import { AI_PROPOSAL_STATES, AI_TEXT_FIELDS } from './aiContent.ts';
import { TRACKING_PROBLEM_CODES } from './courier.ts';
import { ERROR_PARAMS } from './errorCodes.ts';
import { NEWS_ERROR_CODES } from './news.ts';
import { PRINT_DOCUMENT_KEYS } from './printDocuments.ts';

export const DYNAMIC_KEYS: Record<string, readonly string[]> = {
  /** A change log entry's action (core/logWords.ts). */
  'grid.log_': ['add', 'set', 'delete'],
  /** keep_in_stock's three states (core/optionNames.ts). */
  'keep_in_stock.': ['0', '1', '2'],
  /** A page block's kind (core/optionNames.ts; codegen checks it names every option of the descriptors). */
  'grid.block_type_': ['text', 'image', 'video'],
  /** A stock movement's kind (core/optionNames.ts). */
  'grid.movement_kind_': ['receipt', 'pick', 'transfer', 'correction'],
  /** A chat engine and a conversation message's author (core/optionNames.ts; migration 062). */
  'grid.chat_engine_': ['openai', 'deepseek'],
  'grid.chat_role_': ['system', 'user', 'assistant'],
  /** What a report ranks by (core/optionNames.ts). */
  'grid.measure_': ['revenue', 'quantity'],
  /** What an obd text belongs to and where it prints (core/optionNames.ts; the options of screens/settings/obd_texts.ts). */
  'screens.obd_texts.document_': ['order', 'invoice', 'delivery_note', 'pick_list', 'arriving_shipment'],
  'screens.obd_texts.placement_': ['header', 'footer', 'terms'],
  /** Why a row of a courier tracking file was not applied (server/actions/courier.ts). */
  'import.courier_': TRACKING_PROBLEM_CODES,
  /** What to pick before a print document shows (the print page when nothing is asked for). */
  'print.choose_': PRINT_DOCUMENT_KEYS,
  /** Why a news source's last fetch failed (core/news.ts). */
  'news.error_': NEWS_ERROR_CODES,
  /** An AI proposal's field and state (core/optionNames.ts; the options of screens/ai_content/ai_proposals.ts). */
  'screens.ai_proposals.': [...AI_TEXT_FIELDS, ...AI_PROPOSAL_STATES],
  /** Server error codes (core/errorCodes.ts). */
  'server.': Object.keys(ERROR_PARAMS),
};
