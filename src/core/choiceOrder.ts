/**
 * The one order of choice lists — a grid column's filter list and select editor
 * (app/grid/choices.ts) and a form's drop-downs (app/forms/formModel.ts): by the text they
 * show in the UI language (its collation, numbers within texts by value: 'Rate 5 %' before
 * 'Rate 23 %', as the groups order), not by key, ISO code or parent id. Pure.
 */
import { LOCALE, isLang, type Lang } from './langs.ts';

const collators = new Map<Lang, Intl.Collator>();

export function choiceCollator(lang: Lang): Intl.Collator {
  let c = collators.get(lang);
  if (!c) collators.set(lang, (c = new Intl.Collator(LOCALE[lang], { numeric: true })));
  return c;
}

/** Sorts choices in place by their label in the language (an unknown language: English). */
export function sortChoices<C extends { label: string }>(choices: C[], lang: string): C[] {
  const c = choiceCollator(isLang(lang) ? lang : 'en');
  return choices.sort((a, b) => c.compare(a.label, b.label));
}
