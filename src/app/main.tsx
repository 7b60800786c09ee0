import { reloadForChunkError } from './router/chunkReload.ts';
import { sendEarlyRefresh } from './session/earlyRefresh.ts';
import './styles/app.css';

// The page load's access token: asked for now, while the app's code loads (session/earlyRefresh.ts).
sendEarlyRefresh();

// Vite reports a failed preload of a lazy chunk here (a deploy replaced the files).
window.addEventListener('vite:preloadError', (e) => {
  if (reloadForChunkError()) e.preventDefault();
});

/*
 * The page's entry: the app's code (start.tsx, which the page preloads) runs from here.
 * A screen page the server writes its first rows into (server/http/firstPaint.ts; its head says
 * so: server/http/screenHead.ts) is painted first: run at once, the app's ~200 ms of module
 * evaluation would come before the browser's next frame, and hold that picture back by as long.
 * The entry may run before those rows have come (it is async, and on the PostgreSQL server the
 * page's start is not holding the server's thread): it waits for the page's end. A message posted
 * from an animation frame's callback runs after that frame's rendering.
 */
const start = () => void import('./start.tsx');
const afterPaint = () =>
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = start;
    ch.port2.postMessage(0);
  });
const ready = () => (document.getElementById('first-paint') ? afterPaint() : start());
if (document.readyState === 'loading' && document.querySelector('meta[name="first-paint"]')) document.addEventListener('DOMContentLoaded', ready, { once: true });
else ready();
