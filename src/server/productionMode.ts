/**
 * Imported first by the server's entry points (main.ts, the benchmark): React — the
 * storefront's server rendering — picks its production or development build from NODE_ENV
 * when first loaded, and unset it is the development build, whose checks made a storefront
 * page's rendering several times slower (docs/benchmarks.md, storefront). `npm run dev`
 * sets NODE_ENV=development; the tests run with vitest's 'test'.
 */
process.env.NODE_ENV ??= 'production';
