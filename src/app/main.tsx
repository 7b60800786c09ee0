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

scheduleRefresh();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
