/**
 * Language names for the fallback marks of multi-language texts. Which text a language
 * reads (its own, else English, else any) is a query rule: core/query/langText.ts,
 * re-exported here for the cells and forms that show texts.
 */
import { LOCALE, isLang, type Lang } from './langs.ts';

export { ownText, pickText } from './query/langText.ts';

const names = new Map<Lang, Intl.DisplayNames | null>();

/** A language's name in the UI language as it reads inside a sentence ('Bulgarian', 'bolgár', 'bulharčina'); the code when unknown. */
export function languageNameIn(code: string, uiLang: string): string {
  if (!isLang(uiLang)) return code;
  let n = names.get(uiLang);
  if (n === undefined) {
    try {
      n = new Intl.DisplayNames([LOCALE[uiLang]], { type: 'language', fallback: 'none' });
    } catch {
      n = null;
    }
    names.set(uiLang, n);
  }
  try {
    return n?.of(code) || code;
  } catch {
    return code;
  }
}
