// A pool thread's start (pool.ts): Node 20 cannot run TypeScript itself, and tsx's loader is
// not a worker's, so the thread's module (workerData.module, a file URL) is loaded through
// tsx's API, as `npm start` runs the server; the same under the tests.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// Below the request thread when cores are short (Linux: a thread is a task with a nice value
// of its own, named by /proc/thread-self): its work waits, the answers to others do not.
// Elsewhere the thread keeps the process's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), workerData.nice);
} catch {
  // not Linux
}

await tsImport(workerData.module, import.meta.url);
