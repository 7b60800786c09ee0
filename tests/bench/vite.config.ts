/**
 * Vite config of the bench pages: one production build per page, each into its own
 * directory (no chunk shared between the pages). `npm run bench` builds all three into a
 * temporary directory; by hand: `BENCH_PAGE=ag BENCH_OUT=/tmp/bench-ag npx vite build -c tests/bench/vite.config.ts`.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';
import { loadTogether } from '../../src/app/build/loadTogether.ts';
import { noIcuParser, precompiledMessages } from '../../src/app/i18n/precompile.ts';

export type BenchPage = 'ag' | 'screen' | 'floor';

/** The module each page loads once its data is ready (one chunk). */
const GRID_MODULE: Record<BenchPage, string> = { ag: 'ag-grid.tsx', screen: 'screen-grid.tsx', floor: 'floor-list.ts' };

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url));

export function benchPageConfig(page: BenchPage, outDir: string): InlineConfig {
  // The grid part loads as one chunk, as the app's list route does (vite.config.ts).
  const together = loadTogether([{ name: `${page}-grid`, roots: [GRID_MODULE[page]] }], pagesDir);
  return {
    configFile: false,
    root: pagesDir,
    mode: 'production',
    logLevel: 'warn',
    // The catalogue as the app ships it: precompiled ICU ASTs, no parser (vite.config.ts).
    plugins: [precompiledMessages(), react(), together.plugin],
    resolve: { alias: [noIcuParser] },
    build: {
      outDir,
      emptyOutDir: true,
      // Source maps let the harness name the functions of the minified trace profile.
      sourcemap: true,
      manifest: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: { [page]: `${pagesDir}${page}.html` }, output: { codeSplitting: { groups: together.groups } } },
    },
  };
}

const page = (process.env.BENCH_PAGE ?? 'screen') as BenchPage;
export default defineConfig(benchPageConfig(page, process.env.BENCH_OUT ?? `/tmp/bench-${page}`));
