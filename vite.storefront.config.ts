import { defineConfig } from 'vite';

// The storefront's islands script, a build of its own (`npm run build`, `npm test`): the back
// office's bundle and chunks do not change. Served from /sf/ on every host with long cache
// headers (content-hashed names); the server finds the file through the manifest.
export default defineConfig({
  base: '/sf/',
  publicDir: false,
  build: {
    outDir: 'dist/sf',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { islands: 'src/storefront/client/islands.ts' },
      output: { entryFileNames: '[name]-[hash:8].js' },
    },
  },
});
