/**
 * Time slicing for the client row model: long work (sorting 100,000 rows, filtering,
 * building sort keys) is written as a generator that `yield`s now and then; the runner
 * advances it in slices of a few milliseconds and gives the browser a turn in between,
 * so no task runs anywhere near 50 ms and frames keep coming.
 */

/** A unit of sliced work: yields to offer a pause, returns its result. */
export type Work<T> = Generator<void, T, void>;

export interface RunOptions {
  /** Milliseconds of work per slice. */
  budgetMs?: number;
  /** Run to the end at once (tests, small inputs). */
  sync?: boolean;
  /** Stop when it says so (a newer query replaced this one). */
  cancelled?: () => boolean;
}

const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Gives the event loop a turn: a message-channel macrotask (no 4 ms timer clamping). */
export function nextTurn(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Runs work to completion synchronously (tests; or work known to be small). */
export function runNow<T>(work: Work<T>): T {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
  }
}

/** Runs work in slices; rejects with `Cancelled` when `cancelled()` turns true between slices. */
export async function runSliced<T>(work: Work<T>, opts: RunOptions = {}): Promise<T> {
  if (opts.sync) return runNow(work);
  const budget = opts.budgetMs ?? 8;
  for (;;) {
    const deadline = now() + budget;
    for (;;) {
      const r = work.next();
      if (r.done) return r.value;
      if (now() >= deadline) break;
    }
    await nextTurn();
    if (opts.cancelled?.()) {
      work.return(undefined as never);
      throw new Cancelled();
    }
  }
}

/** How many element steps between yields: small enough for slices of ~1 ms on slow machines. */
export const STEP = 4096;
