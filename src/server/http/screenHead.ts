import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The head of a signed-in screen page (issue 27, first rows). The server's first paint
 * (firstPaint.ts) can be painted once the page's CSS is in; on the embedded database the
 * CSS files waited behind the start's SQL, which holds the server's thread, and the ~30
 * module preloads the head named were fetched and compiled meanwhile, on the same two cores
 * as that SQL (measured: the start's SQL took 2–3× as long beside them, and the first paint
 * came 150–250 ms later). So the head carries the page's CSS itself, and names the modules
 * at the page's end, after the first paint and the start: the app's code runs after the
 * first paint anyway (src/app/main.tsx). The stylesheet links go to the end as well, not
 * applied (`media="not all"`): later pages find the files cached, and the app's lazy chunks
 * find their CSS loaded (Vite's preload helper looks for the link). Named in an HTTP `Link`
 * header instead, the modules came before the first rows and held their paint back by ~90 ms
 * (measured on PGlite, 9 loads each; the live grid came ~25 ms sooner, within the noise).
 */

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[A-Za-z0-9._-]+\.css)">/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/[A-Za-z0-9._-]+\.js">/g;

/**
 * `html` with its head's stylesheet links replaced by one `<style>` with the response's
 * nonce and its module preloads taken out, both sets of links returned for the page's end;
 * `html` as it is when a CSS file is missing or could close the element.
 */
export function screenPageHead(ui: string): (html: string, nonce: string) => { html: string; tail: string } {
  const texts = new Map<string, string | null>();
  const text = (file: string): string | null => {
    let t = texts.get(file);
    if (t === undefined) {
      try {
        t = readFileSync(join(ui, file), 'utf8');
        if (/<\/style/i.test(t)) t = null;
      } catch {
        t = null;
      }
      texts.set(file, t);
    }
    return t;
  };
  return (html, nonce) => {
    const end = html.indexOf('</head>');
    if (end < 0) return { html, tail: '' };
    const head = html.slice(0, end);
    const sheets = [...head.matchAll(STYLESHEET)];
    const css = sheets.map((m) => text(m[1]!));
    if (sheets.length === 0 || css.some((t) => t === null)) return { html, tail: '' };
    const modules = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[0]);
    const light = head.replace(STYLESHEET, '').replace(MODULE_PRELOAD, '');
    // The marker tells the entry (src/app/main.tsx) that this page's first rows are on their way as HTML.
    // Applied at the page's end, a sheet made the browser recompute every element's style (21–50 ms, measured).
    const tailSheets = sheets.map((m) => m[0].replace('<link rel="stylesheet" ', '<link rel="stylesheet" media="not all" ')).join('');
    return { html: `${light}<meta name="first-paint"><style nonce="${nonce}">${css.join('\n')}</style>${html.slice(end)}`, tail: tailSheets + modules.join('') };
  };
}
