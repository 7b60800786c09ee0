// The Ask-AI sandbox's thread: Node 20 cannot run TypeScript itself, and tsx's loader is not a
// worker's, so the worker's module is loaded through tsx's API (as `npm start` runs the server).
import { tsImport } from 'tsx/esm/api';

await tsImport('./sandboxWorker.ts', import.meta.url);
