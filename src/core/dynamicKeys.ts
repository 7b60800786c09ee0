/**
 * Locale keys built at run time from a value (`print.choose_${document}`), by prefix, with every
 * value they are built from. Codegen checks that each built key has a text in every
 * catalogue and that no other template of a key exists (codegen/locales.ts): a missing
 * key fails the build, it never shows its name to a user. Keys built from descriptors
 * (screens., fields., areas., the option sets' options., workflows.) and server error codes
 * (errorCodes.ts) are checked from there.
 */
import { TRACKING_PROBLEM_CODES } from './courier.ts';
import { ERROR_PARAMS } from './errorCodes.ts';
import { PRINT_DOCUMENT_KEYS } from './printDocuments.ts';
import { SETUP_KEYS } from './setupChecklist.ts';

export const DYNAMIC_KEYS: Record<string, readonly string[]> = {
  /** Why a row of a courier tracking file was not applied (server/actions/courier.ts). */
  'import.courier_': TRACKING_PROBLEM_CODES,
  /** What to pick before a print document shows (the print page when nothing is asked for). */
  'print.choose_': PRINT_DOCUMENT_KEYS,
  /** Server error codes (core/errorCodes.ts). */
  'server.': Object.keys(ERROR_PARAMS),
  /** A cashflow reminder's letter by its dunning level, 1–3 (server/mail/registry.ts MAX_REMINDER_LEVEL). */
  'mail.reminder.body_': ['1', '2', '3'],
  /** The home page's set-up checklist: each item's name and what it misses (app/pages/SetupChecklist.tsx). */
  'home.setup_': SETUP_KEYS.flatMap((k) => [k, `${k}_missing`]),
};
