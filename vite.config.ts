import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noIcuParser, precompiledMessages } from './src/app/i18n/precompile.ts';

// The browser bundle; the Hono server serves dist/ with an SPA fallback for /{lang}/… paths.
// Catalogues ship as precompiled ICU ASTs (no message parser in the browser); the build
// targets current browsers (no down-levelling of syntax they all run).
export default defineConfig({
  plugins: [precompiledMessages(), react()],
  resolve: { alias: [noIcuParser] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022', modulePreload: { polyfill: false } },
  server: {
    port: 5173,
    proxy: { '/rpc': 'http://localhost:3000', '/shops': 'http://localhost:3000', '/openapi.json': 'http://localhost:3000' },
  },
});
