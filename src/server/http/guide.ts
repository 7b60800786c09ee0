import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { GUIDE_LANGS, GUIDE_PAGES, guideLangOf, guidePageOfPath, isGuideLang, isGuidePage, type GuideLang } from '../../core/guide.ts';
import { newNonce } from './csp.ts';

/**
 * The staff guide (docs/guide/): `GET /guide/{lang}/{page}` renders a page's markdown as a plain
 * readable page, `GET /guide/img/{file}` serves its screenshots. Documentation, so no sign-in;
 * only the pages and languages core/guide.ts names and image names of letters, digits and dashes
 * are read (no path from the request reaches the file system). The markdown is the repository's
 * own, still sanitized: the page loads no script (its CSP allows none) and images from here only.
 */
const guideDir = new URL('../../../docs/guide/', import.meta.url);
const IMAGE = /^[a-z0-9][a-z0-9-]*\.(png|jpg)$/;
const TITLE: Record<GuideLang, string> = { en: 'Staff guide', de: 'Anleitung für Mitarbeiter' };
const CONTENTS: Record<GuideLang, string> = { en: 'Contents', de: 'Inhalt' };

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;color:#1f2328;margin:0;background:#fff}
header{background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:10px 24px;font-size:14px}
header a{margin-right:12px}nav.langs{float:right}
main{max-width:860px;margin:0 auto;padding:8px 24px 48px}
img{max-width:100%;height:auto;border:1px solid #d0d7de;border-radius:4px}
code{background:#f6f8fa;padding:1px 4px;border-radius:3px}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
a{color:#0969da}h1{font-size:28px}h2{font-size:21px;margin-top:28px}`;

/** Markdown → safe HTML; links to sibling pages (`sales.md`) become the served page (`sales`). */
export function renderGuide(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, ...(attribs.href ? { href: attribs.href.replace(/^([a-z0-9-]+)\.md(#|$)/, '$1$2') } : {}) } }),
    },
  });
}

/** The whole page around a rendered guide page. */
function pageHtml(lang: GuideLang, page: string, body: string, nonce: string): string {
  const title = /<h1>(.*?)<\/h1>/.exec(body)?.[1] ?? page;
  const langs = GUIDE_LANGS.map((l) => (l === lang ? `<strong>${l}</strong>` : `<a href="/guide/${l}/${page}" hreflang="${l}">${l}</a>`)).join(' ');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title.replace(/<[^>]*>/g, '')} – ${TITLE[lang]}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><header><nav class="langs" aria-label="Language">${langs}</nav><a href="/guide/${lang}/index">${CONTENTS[lang]}</a><a href="/${lang}/">${lang === 'de' ? 'Zur Anwendung' : 'Back to the app'}</a></header>
<main>${body}</main></body></html>`;
}

const read = (path: string) => readFile(new URL(path, guideDir)).catch(() => undefined);

export function mountGuide(app: Hono): void {
  app.get('/guide', (c) => c.redirect('/guide/en/index'));
  app.get('/guide/img/:file', async (c) => {
    const file = c.req.param('file');
    const data = IMAGE.test(file) ? await read(`img/${file}`) : undefined;
    if (!data) return c.json({ error: 'not_found', message: 'This page could not be found' }, 404);
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': file.endsWith('.png') ? 'image/png' : 'image/jpeg',
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
  // The help button's link (src/app/chrome/PageHeader.tsx): the UI language and the screen's area, resolved
  // here so the browser carries no map. An area without a page of its own (profile) opens the contents.
  app.get('/guide/help/:uiLang/:area?', (c) => {
    const page = guidePageOfPath(`/${c.req.param('area') ?? ''}`) ?? 'index';
    return c.redirect(`/guide/${guideLangOf(c.req.param('uiLang'))}/${page}`, 302);
  });
  app.get('/guide/:lang/:page', async (c) => {
    const lang = c.req.param('lang');
    const page = c.req.param('page');
    // Whitelisted: a page of GUIDE_PAGES (or the contents) in a guide language, nothing else.
    const md = isGuideLang(lang) && (isGuidePage(page) || page === 'index') ? await read(`${lang}/${page}.md`) : undefined;
    if (!md || !isGuideLang(lang)) return c.json({ error: 'not_found', message: 'This page could not be found' }, 404);
    const nonce = newNonce();
    c.header('Content-Security-Policy', `default-src 'none'; img-src 'self'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`);
    c.header('Cache-Control', 'no-cache');
    return c.html(pageHtml(lang, page, renderGuide(md.toString('utf8')), nonce));
  });
}

/** Every page the route serves, for tests and links. */
export const GUIDE_FILES = GUIDE_LANGS.flatMap((l) => ['index', ...GUIDE_PAGES].map((p) => `${l}/${p}.md`));
