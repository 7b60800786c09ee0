import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeRendered } from './chrome/firstPaint.ts';
import { router } from './router/router.tsx';
import { restoreSession } from './session/auth.ts';

/*
 * The app itself, loaded by the entry (main.tsx) at once, or once the server's first paint
 * of a screen page has been painted.
 */

/*
 * The page's CSP allows a <style> element only with its nonce (src/server/http/csp.ts).
 * Radix's dialogs add one to lock the page's scroll (react-style-singleton, which reads the
 * nonce from get-nonce: set through its documented global). The browser hides the
 * attribute; the property holds it.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

// The access token lives in memory (session/auth.ts): the refresh call leaves at once, while the first route's code loads.
void restoreSession();

// The server's first paint goes with a page that does not show its grid (the grid itself removes it: GridView).
router.subscribe('onRendered', routeRendered);

// The entry is async (it runs while a signed-in page still streams its start): the root may not be parsed yet.
const mount = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
// The first location is loaded before the first render (its session, access checks and the
// screen's code): the page then renders whole, with no Suspense fallback on the way whose
// throttle would hold the first rows back (i18n/lazy.tsx `preloadable`).
void router
  .load()
  .catch(() => {})
  .then(() => {
    if (document.getElementById('root')) mount();
    else document.addEventListener('DOMContentLoaded', mount, { once: true });
  });
