import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LANG, LOCALE, isLang, type Lang } from '../../core/langs.ts';
import { catalogue } from '../transfer/catalogue.ts';

/** A catalogue text's arguments: text as given, numbers formatted in the language. */
export type MailValues = Record<string, string | number>;

const cache = createIntlCache();
const intls = new Map<Lang, IntlShape>();

const intlOptions = (l: Lang) => ({
  locale: LOCALE[l],
  defaultLocale: LOCALE[DEFAULT_LANG],
  onError: (e: unknown) => {
    throw e;
  },
});

/**
 * The server's formatter of a UI language: its catalogue (locales/<lang>.json), its locale's
 * number rules, English where a text is missing, an administrator's `captions` over both. A missing key or a bad argument is thrown,
 * not written into a customer's mail.
 */
export function intlOf(lang: string, captions: Readonly<Record<string, string>> = {}): IntlShape {
  const l = isLang(lang) ? lang : DEFAULT_LANG;
  // With an administrator's captions (texts/captions.ts `intlFor`): a formatter of its own.
  if (Object.keys(captions).length) return createIntl({ ...intlOptions(l), messages: { ...catalogue(DEFAULT_LANG), ...catalogue(l), ...captions } }, cache);
  let intl = intls.get(l);
  if (!intl) {
    intl = createIntl({ ...intlOptions(l), messages: { ...catalogue(DEFAULT_LANG), ...catalogue(l) } }, cache);
    intls.set(l, intl);
  }
  return intl;
}

/** A catalogue text (`mail.…`) in `lang` with its arguments (an administrator's caption of it when given). */
export const mailText = (lang: string, id: string, values: MailValues = {}, captions?: Readonly<Record<string, string>>): string => intlOf(lang, captions).formatMessage({ id }, values);

/** An amount in its currency, as the language writes it (the currency's own digits). */
export function mailMoney(lang: string, amount: string | number, currency: string, digits: number): string {
  return intlOf(lang).formatNumber(Number(amount), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}
