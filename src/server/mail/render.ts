import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LANG, LOCALE, isLang, type Lang } from '../../core/langs.ts';
import { catalogue } from '../transfer/catalogue.ts';

/** A catalogue text's arguments: text as given, numbers formatted in the language. */
export type MailValues = Record<string, string | number>;

const cache = createIntlCache();
const intls = new Map<Lang, IntlShape>();

/**
 * The server's formatter of a UI language: its catalogue (locales/<lang>.json), its locale's
 * number rules, English where a text is missing. A missing key or a bad argument is thrown,
 * not written into a customer's mail.
 */
export function intlOf(lang: string): IntlShape {
  const l = isLang(lang) ? lang : DEFAULT_LANG;
  let intl = intls.get(l);
  if (!intl) {
    intl = createIntl(
      {
        locale: LOCALE[l],
        defaultLocale: LOCALE[DEFAULT_LANG],
        messages: { ...catalogue(DEFAULT_LANG), ...catalogue(l) },
        onError: (e) => {
          throw e;
        },
      },
      cache,
    );
    intls.set(l, intl);
  }
  return intl;
}

/** A catalogue text (`mail.…`) in `lang` with its arguments. */
export const mailText = (lang: string, id: string, values: MailValues = {}): string => intlOf(lang).formatMessage({ id }, values);

/** An amount in its currency, as the language writes it (the currency's own digits). */
export function mailMoney(lang: string, amount: string | number, currency: string, digits: number): string {
  return intlOf(lang).formatNumber(Number(amount), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}
