/**
 * A catalogue as the browser gets it (issue 27): a message with arguments as its ICU AST, a
 * plain text as the text (app/i18n/messages.ts turns it into its one-literal AST on load).
 * react-intl formats an AST as it is, so the browser needs no ICU parser. Parsed as
 * intl-messageformat would parse at run time (`parse(message, { locale })`), so formatting
 * gives the same texts. One function for the build (app/i18n/precompile.ts, the Vite plugin
 * of `locales/*.json`) and the server (the captions a company changed: texts/captions.ts,
 * and the start data of a page).
 */
import { isLiteralElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { partOf, type CataloguePart } from './catalogueParts.ts';
import { LOCALE, type Lang } from './langs.ts';

/** A catalogue as shipped: a plain text, or the ICU AST of a message with arguments. */
export type ShippedMessages = Record<string, string | MessageFormatElement[]>;

/**
 * A routed screen's labels in one language (`locales/xx.json?fields=<form>`), and its loaders per
 * language as its descriptor chunk carries them (import.meta.glob, keyed `./xx.json`; codegen's
 * generated/routes.ts and generated/screens/*.ts, read by app/i18n/screenLabels.ts).
 */
export type LabelModule = { default: ShippedMessages };
export type LabelLoaders = Record<string, () => Promise<LabelModule>>;

/** A part of the catalogue: first or later, or the keys of one screen's labels. */
export type Selection = CataloguePart | { keys: readonly string[] };

/** A catalogue as the browser gets it: ASTs, and plain texts for messages that are one literal. */
export function compileCatalogue(messages: Record<string, string>, lang: Lang, part?: Selection, routed?: ReadonlySet<string>): ShippedMessages {
  const locale = new Intl.Locale(LOCALE[lang]);
  const keys = typeof part === 'object' ? new Set(part.keys) : undefined;
  return Object.fromEntries(
    Object.entries(messages)
      .filter(([id]) => !part || (keys ? keys.has(id) : partOf(id, routed) === part))
      .map(([id, text]) => {
        const ast = parse(text, { locale });
        const only = ast.length === 1 ? ast[0] : undefined;
        return [id, ast.length === 0 ? '' : only && isLiteralElement(only) ? only.value : ast];
      }),
  );
}
