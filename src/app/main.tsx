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
 * A screen page the server wrote its first rows into (server/http/firstPaint.ts) is painted
 * first: run at once, the app's ~200 ms of module evaluation would come before the browser's
 * next frame, and hold that picture back by as long. A message posted from an animation
 * frame's callback runs after that frame's rendering.
 */
const start = () => void import('./start.tsx');
if (document.getElementById('first-paint')) {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = start;
    ch.port2.postMessage(0);
  });
} else start();
