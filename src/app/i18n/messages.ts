/**
 * Catalogues as the build ships them (core/catalogue.ts, precompile.ts): a message without arguments is its
 * plain text (the AST of a text would only add bytes), any other one its ICU AST. Before
 * use every text becomes its one-literal AST: react-intl then formats all of them
 * without a parser (and returns such a literal as it is, at once).
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { ShippedMessages } from '../../core/catalogue.ts';
export type Messages = Record<string, MessageFormatElement[]>;

export function expandMessages(shipped: ShippedMessages): Messages {
  const out: Messages = {};
  for (const [id, m] of Object.entries(shipped)) out[id] = typeof m === 'string' ? [{ type: TYPE.literal, value: m }] : m;
  return out;
}
