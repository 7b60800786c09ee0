/**
 * The choices of a language input (the grid's 'language' editor and the forms' language
 * select): a column's options, else the app's languages, each with its name in the UI
 * language and its flag (the languages list's flag code, as the 'languageCode' renderer
 * shows it). Pure; no React.
 */
import { LANGS, LOCALE, type Lang } from '../../../core/langs.ts';
import { OWN_FLAGS, flagCodeOf, flagUrl } from '../../../core/images.ts';

export interface LanguageOption {
  code: string;
  /** The language's name in the UI language ('Deutsch' in German, 'német' in Hungarian). */
  name: string;
  /** The flag image (this server's, or the configured flag service), or null for a code without a flag. */
  flag: string | null;
}

const displayNames = new Map<Lang, Intl.DisplayNames | null>();

/** A language's name in the UI language, capitalised as a list item; the code when Intl has no name. */
export function languageName(code: string, uiLang: Lang): string {
  let names = displayNames.get(uiLang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([LOCALE[uiLang]], { type: 'language', fallback: 'none' });
    } catch {
      names = null; // an engine without display names: codes only
    }
    displayNames.set(uiLang, names);
  }
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    name = undefined; // not a language code at all
  }
  if (!name || name.toLowerCase() === code.toLowerCase()) return code;
  return name.charAt(0).toLocaleUpperCase(LOCALE[uiLang]) + name.slice(1);
}

/**
 * The options of a language column: its `options` (else the app's languages), in that
 * order, those active only: `known` is the session's list of the active languages (the
 * languages screen; with their flag codes), none known: no narrowing. `current` is kept among
 * the options when it is none of them, so an edit never silently changes it; `flags` is
 * the flag URL template (the session's).
 */
export function languageOptions(
  options: readonly (string | number)[] | undefined,
  uiLang: Lang,
  known: readonly { language_code: string; flag_code?: string | null }[] = [],
  current?: unknown,
  flags: string = OWN_FLAGS,
): LanguageOption[] {
  const active = known.length ? new Set(known.map((l) => l.language_code)) : undefined;
  const codes = (options ?? LANGS).map(String).filter((c) => !active || active.has(c));
  if (typeof current === 'string' && current && !codes.includes(current)) codes.unshift(current);
  return codes.map((code) => {
    const lang = known.find((l) => l.language_code === code);
    return { code, name: languageName(code, uiLang), flag: flagUrl(flagCodeOf(code, lang?.flag_code), flags) };
  });
}
