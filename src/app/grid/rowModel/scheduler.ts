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

/**
 * Rows read through their objects (queryValue) between yields: ~0.6 µs a row on a slow
 * machine, 2–3 µs while V8 has not optimized the loop yet (a first sort), so 8,192 of
 * them ran 4–5 ms past a slice's deadline; 1,024 keep it to ~1–2 ms.
 */
export const ROW_STEP = 1024;

/**
 * Runs fn over [0, n) in chunks of `chunk`, yielding between them. The loop belongs in
 * fn, a plain function: V8 does not optimize a loop while it runs inside a generator, so
 * a first pass over 100,000 rows written in the generator stays in baseline code.
 */
export function* chunks(n: number, chunk: number, fn: (from: number, to: number) => void): Work<void> {
  for (let from = 0; from < n; from += chunk) {
    fn(from, Math.min(n, from + chunk));
    yield;
  }
}

/*
 * The input task under way. The browser may dispatch a whole gesture in one task
 * (pointerover, pointerdown, mouseup, click: 5–16 ms of handlers before the click's on a
 * slow machine), so a fixed slice of work in the click can still take the task past
 * 50 ms. The first input event of a task notes when it began; a message after the task
 * forgets it. A slice started in that task ends by its start + the task's budget.
 */
let inputTaskStart: number | null = null;

/** Notes the start of an input task (from a capture listener; the first event of a task counts). */
export function noteInputTask(at = now()): void {
  if (inputTaskStart !== null) return;
  inputTaskStart = at;
  // A message runs after this task, not between its events (microtasks would).
  void nextTurn().then(() => {
    inputTaskStart = null;
  });
}

const INPUT_EVENTS = ['pointerover', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'keydown', 'keyup', 'input', 'focusin'];
if (typeof window !== 'undefined') {
  for (const type of INPUT_EVENTS) window.addEventListener(type, () => noteInputTask(), { capture: true, passive: true });
}

/**
 * When a slice starting now should end: after `sliceMs`, or earlier in an input task that
 * has already spent part of its `taskBudgetMs` (the rest of the task — render, commit,
 * layout — takes the remainder of the 50 ms); never less than `minMs`.
 */
export function sliceDeadline(sliceMs: number, taskBudgetMs: number, minMs = 2, at = now()): number {
  const end = at + sliceMs;
  return inputTaskStart === null ? end : Math.max(at + minMs, Math.min(end, inputTaskStart + taskBudgetMs));
}
