import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { loadTogether } from './src/app/build/loadTogether.ts';
import { APP_PARTS } from './src/app/build/parts.ts';
import { noIcuParser, precompiledMessages } from './src/app/i18n/precompile.ts';

const together = loadTogether(APP_PARTS, fileURLToPath(new URL('.', import.meta.url)));

// The browser bundle; the Hono server serves dist/ with an SPA fallback for /{lang}/… paths.
// Catalogues ship as precompiled ICU ASTs (no message parser in the browser); the build
// targets current browsers (no down-levelling of syntax they all run). The list route's
// code is one chunk, not a dozen small ones (src/app/build/loadTogether.ts).
export default defineConfig({
  plugins: [precompiledMessages(), react(), together.plugin],
  resolve: { alias: [noIcuParser] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lets `npm test` weigh the list route's JS against its budget (tests/unit/route-size.test.ts).
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // React and its JSX runtime load with every page: one file, not two (six connections).
    // Seven-character content hashes (the least rolldown allows for this many chunks): the first page
    // names every screen's chunk (its loader), so each character is paid ~90 times on the list route.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [...together.groups, { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/, priority: 1 }] },
        chunkFileNames: 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/rpc': 'http://localhost:3000', '/shops': 'http://localhost:3000', '/openapi.json': 'http://localhost:3000' },
  },
});
