import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { loadTogether } from './src/app/build/loadTogether.ts';
import { APP_PARTS } from './src/core/appParts.ts';
import { preloadLists } from './src/app/build/preloadLists.ts';
import { noIcuParser, precompiledMessages } from './src/app/i18n/precompile.ts';

const together = loadTogether(APP_PARTS, fileURLToPath(new URL('.', import.meta.url)));
/** The chunks every page loads before any lazy one: the entry, rolldown's runtime and the app's part. */
const preload = preloadLists(new RegExp(`(^|/)(index|rolldown-runtime|${APP_PARTS[0]!.name})-[^/]+\\.js$`));

// The browser bundle; the Hono server serves dist/ with an SPA fallback for /{lang}/… paths.
// Catalogues ship as precompiled ICU ASTs (no message parser in the browser); the build
// targets current browsers (no down-levelling of syntax they all run). The list route's
// code is one chunk, not a dozen small ones (src/app/build/loadTogether.ts).
export default defineConfig({
  plugins: [precompiledMessages(), react(), together.plugin, preload.plugin],
  // TanStack Store's selector hook asks for the shim of useSyncExternalStore (its fallback for React before 18, which
  // this app never runs); the package's own entry without the shim uses React's hook directly.
  resolve: { alias: [noIcuParser, { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps beside the assets for reading a stack trace, without the comment naming them in every file: the server
    // never serves a map (server/http/app.ts), so the comment only cost every file its bytes and a 404 in devtools.
    sourcemap: 'hidden',
    // The manifest lets `npm test` weigh the list route's JS against its budget (tests/unit/route-size.test.ts).
    manifest: true,
    target: 'es2022',
    // Shorter preload lists for the lazy imports (src/app/build/preloadLists.ts).
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
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
