import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The browser runtime (router, layouts, ScreenGrid) is built on this entry.
function App() {
  return <main style={{ fontFamily: 'system-ui', padding: 32 }}>Back office</main>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
