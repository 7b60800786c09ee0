/**
 * The staff guide (docs/guide/{lang}/{page}.md, served at /guide/{lang}/{page}): its pages, its
 * languages, and which page tells about each menu area — the one place the help button
 * (src/app/chrome/PageHeader.tsx), the server's route (src/server/http/guide.ts) and the tests
 * (tests/unit/guide.test.ts: every screen's area maps to a page that exists in both languages) read.
 */

/** The guide's pages: one per area, and the first day of a new shop. Also the server's whitelist. */
export const GUIDE_PAGES = ['first-day', 'catalogue', 'prices', 'shops', 'sales', 'purchasing', 'warehouse', 'finance', 'reports', 'administration', 'ai'] as const;
export type GuidePage = (typeof GUIDE_PAGES)[number];

/** The guide's languages; any other UI language reads the English guide. */
export const GUIDE_LANGS = ['en', 'de'] as const;
export type GuideLang = (typeof GUIDE_LANGS)[number];

/** Each screen descriptor's area (its route's first segment, `screens/<area>/`) → its guide page. */
export const AREA_GUIDE = {
  products: 'catalogue',
  prices: 'prices',
  shops: 'shops',
  sales: 'sales',
  partners: 'sales',
  purchasing: 'purchasing',
  warehouse: 'warehouse',
  finance: 'finance',
  reports: 'reports',
  print: 'reports',
  settings: 'administration',
  fsm: 'administration',
  ai_content: 'ai',
  news: 'ai',
  // Pages that are not descriptors: the AI query page, and home (a new user's first day).
  'ai-query': 'ai',
  '': 'first-day',
} as const satisfies Record<string, GuidePage>;
export type GuideArea = keyof typeof AREA_GUIDE;

export const isGuidePage = (x: string): x is GuidePage => (GUIDE_PAGES as readonly string[]).includes(x);
export const isGuideLang = (x: string): x is GuideLang => (GUIDE_LANGS as readonly string[]).includes(x);
export const isGuideArea = (x: string): x is GuideArea => Object.hasOwn(AREA_GUIDE, x);

/** The guide's language for a UI language: itself when the guide has it, else English. */
export const guideLangOf = (uiLang: string): GuideLang => (isGuideLang(uiLang) ? uiLang : 'en');

/** The guide page of a path without its language prefix (`/sales/sales_orders` → sales), or none (profile, print). */
export function guidePageOfPath(path: string): GuidePage | undefined {
  const area = path.split('/')[1] ?? '';
  return isGuideArea(area) ? AREA_GUIDE[area] : undefined;
}

/** The help button's link: the server resolves the area (its first path segment) to the guide's page (src/server/http/guide.ts). */
export const helpHref = (uiLang: string, path: string): string => `/guide/help/${uiLang}${path.split('/')[1] ? `/${path.split('/')[1]}` : ''}`;

/** The guide's address of a page in a UI language. */
export const guideHref = (uiLang: string, page: GuidePage): string => `/guide/${guideLangOf(uiLang)}/${page}`;
