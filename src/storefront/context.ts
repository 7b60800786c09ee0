import type { Shop, ShopLanguage } from './data.ts';

/** Everything a storefront page needs to write links, texts and prices in the visitor's language. */
export interface PageCtx {
  shop: Shop;
  lang: ShopLanguage;
  /** A catalogue text (locales/*.json: `storefront.…`, and the shared `chrome.breadcrumbs`) in the page’s language. */
  t(id: string, values?: Record<string, string | number>): string;
  /** An amount in a currency, as the language writes it with the currency's digits. */
  money(amount: number, currency: string): string;
  /** A path of this shop in the page's language, as a link ('/c/tools' → '/en/c/tools', locally '/storefront/host/en/c/tools'). */
  href(path: string): string;
  /** The same page in each of the shop's languages (language switch, hreflang). */
  alternates: { lang: ShopLanguage; href: string; absolute: string }[];
  /** The visitor's delivery country (cookie, else detected, else the company's) and its name. */
  country: { code: string; name: string; choices: { code: string; name: string }[] };
  /** The visitor's display currency when it differs from the shop's and a rate converts it, else null. */
  displayCurrency: string | null;
  /** The current path within the language (for the country form's way back). */
  path: string;
  today: string;
  /** Items in the visitor's open cart (the header's cart button). */
  cartCount: number;
  /** Whether the shoppers' chat is offered (a chat engine is configured). */
  chat: boolean;
}

export interface Head {
  title: string;
  description: string;
  canonical: string;
  ogImage: string;
  /** schema.org data of the page (JSON-LD), if any. */
  jsonLd?: object;
  /** noindex: search results and not-found pages. */
  noindex?: boolean;
}
