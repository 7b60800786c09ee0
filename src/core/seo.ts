import { htmlText } from './htmlText.ts';

/** Spec §9: meta descriptions are plain text cut to 167 characters plus '...' when over 170. */
const META_MAX = 170;
const META_CUT = 167;

/** The page's text (htmlText: inline tags leave no space before punctuation), cut. SQL twin: app.meta_description(). */
export function metaDescription(html: string): string {
  const text = htmlText(html);
  return text.length > META_MAX ? `${text.slice(0, META_CUT)}...` : text;
}

/** Spec §9: canonical URLs are lowercase, without a trailing slash and without 'www.'. */
export function canonicalUrl(url: string): string {
  const lower = url
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/)www\./, '$1');
  return lower.length > 1 ? lower.replace(/\/+(?=$|[?#])/, '') : lower;
}
