// A pool thread's start (pool.ts): Node 20 cannot run TypeScript itself, and tsx's loader is
// not a worker's, so the thread's module (workerData.module, a file URL) is loaded through
// tsx's API, as `npm start` runs the server; the same under the tests.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
