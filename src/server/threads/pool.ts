/**
 * A bounded pool of worker threads for CPU-heavy work that would otherwise stall the request
 * thread (every other request waits while it runs): import parsing (transfer/parsePool.ts),
 * PDF rendering (print/pdfPool.ts). At most `size` threads run one job each; up to
 * `maxWaiting` more jobs wait their turn, beyond that the job is refused (`busy`: a 503 with
 * Retry-After). A thread is kept for the next job and ends after `idleMs` unused. A job is
 * bounded in memory (the thread's heap: a job needing more ends its thread) and in time
 * (its thread is ended). Threads run below the request thread's priority. A worker module (threads/serve.ts) is TypeScript, started through
 * boot.mjs under `tsx` and the tests alike.
 */
import { EventEmitter } from 'node:events';
import { Worker, type Transferable } from 'node:worker_threads';
import { HttpError } from '../http/errors.ts';
import type { JobReply } from './serve.ts';

export interface PoolOptions {
  /** Named in errors and logs ("sheet parser", "PDF renderer"). */
  name: string;
  /** The worker's TypeScript module (it calls serveJobs), e.g. `new URL('./sheetWorker.ts', import.meta.url)`. */
  module: URL;
  size: number;
  maxWaiting: number;
  idleMs: number;
  timeLimitMs: number;
  /** The thread's heap (old generation). */
  heapMb: number;
  /** The refusal when `maxWaiting` jobs already wait. */
  busy: () => HttpError;
  /** The refusal of a job past its time, and of one past its thread's heap. */
  tooLarge: (resource: 'memory' | 'time') => HttpError;
}

export interface PoolStats {
  /** Threads alive (busy or idle). */
  threads: number;
  running: number;
  waiting: number;
  /** Jobs a thread answered (a result or a refusal it sent back): work done off the request thread. */
  done: number;
  /** Jobs refused as busy. */
  busy: number;
}

interface Thread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

const BOOT = new URL('./boot.mjs', import.meta.url);
/** A pool thread's nice value (boot.mjs): under contention the request thread is scheduled first. */
const NICE = 10;

/**
 * The pool. Events: `job` when a job is taken (running or waiting), `settled` when it ends
 * (answered, refused, failed) — the tests wait on them instead of on the clock.
 */
export class WorkerPool<Job, Result> extends EventEmitter {
  private readonly idle: Thread[] = [];
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private threads = 0;
  private done = 0;
  private refusedBusy = 0;

  constructor(private readonly o: PoolOptions) {
    super();
  }

  stats(): PoolStats {
    return { threads: this.threads, running: this.running, waiting: this.waiting.length, done: this.done, busy: this.refusedBusy };
  }

  /** Runs `job` on a thread; `transfer`'s buffers move there (unusable here afterwards). */
  async run(job: Job, transfer: Transferable[] = []): Promise<Result> {
    await this.turn();
    try {
      return await this.runOn(this.thread(), job, transfer);
    } finally {
      this.next();
      this.emit('settled');
    }
  }

  /** A job's turn, or `busy` when too many wait. */
  private async turn(): Promise<void> {
    if (this.running < this.o.size) {
      this.running++;
      this.emit('job');
      return;
    }
    if (this.waiting.length >= this.o.maxWaiting) {
      this.refusedBusy++;
      throw this.o.busy();
    }
    const queued = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.emit('job');
    await queued;
  }

  /** The turn goes to the next waiting job, if any (`running` stays counted for it). */
  private next(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private thread(): Thread {
    const t = this.idle.pop();
    if (t) {
      clearTimeout(t.idleTimer);
      return t;
    }
    const worker = new Worker(BOOT, { workerData: { module: this.o.module.href, nice: NICE }, resourceLimits: { maxOldGenerationSizeMb: this.o.heapMb } });
    worker.unref(); // an idle thread does not keep the process alive
    const made: Thread = { worker };
    this.threads++;
    worker.once('exit', () => {
      this.threads--;
      this.unpark(made); // ended idle (its time, or a crash): not handed out again
    });
    return made;
  }

  private unpark(t: Thread): void {
    clearTimeout(t.idleTimer);
    const at = this.idle.indexOf(t);
    if (at >= 0) this.idle.splice(at, 1);
  }

  private park(t: Thread): void {
    t.idleTimer = setTimeout(() => {
      this.unpark(t);
      void t.worker.terminate();
    }, this.o.idleMs);
    t.idleTimer.unref();
    this.idle.push(t);
  }

  private runOn(t: Thread, job: Job, transfer: Transferable[]): Promise<Result> {
    const { worker } = t;
    return new Promise<Result>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: JobReply<Result>) => {
        settle();
        this.park(t);
        this.done++;
        if (reply.ok) resolve(reply.value);
        else if ('http' in reply) reject(new HttpError(reply.http.status, reply.http.code, reply.http.message, reply.http.headers, undefined, reply.http.params));
        else reject(new Error(`${this.o.name}: ${reply.failure}`));
      };
      const onError = (e: Error & { code?: string }) => {
        settle();
        void worker.terminate();
        reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? this.o.tooLarge('memory') : new Error(`${this.o.name} failed: ${e.message}`));
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`${this.o.name} ended (exit code ${code})`));
      };
      const timer = setTimeout(() => {
        settle();
        void worker.terminate();
        reject(this.o.tooLarge('time'));
      }, this.o.timeLimitMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(job, transfer);
    });
  }
}
