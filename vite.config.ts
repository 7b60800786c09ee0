import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser bundle; the Hono server serves dist/ with an SPA fallback for /{lang}/… paths.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/rpc': 'http://localhost:3000', '/shops': 'http://localhost:3000', '/openapi.json': 'http://localhost:3000' },
  },
});
