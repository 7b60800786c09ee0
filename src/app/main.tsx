import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadForChunkError } from './router/chunkReload.ts';
import { router } from './router/router.tsx';
import { scheduleRefresh } from './session/auth.ts';
import './styles/app.css';

// Vite reports a failed preload of a lazy chunk here (a deploy replaced the files).
window.addEventListener('vite:preloadError', (e) => {
  if (reloadForChunkError()) e.preventDefault();
});

/*
 * The page's CSP allows a <style> element only with its nonce (src/server/http/csp.ts).
 * Radix's dialogs add one to lock the page's scroll (react-style-singleton, which reads the
 * nonce from get-nonce: set through its documented global). The browser hides the
 * attribute; the property holds it.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

scheduleRefresh();

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
