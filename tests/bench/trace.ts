/**
 * CDP tracing: collect a trace around an action, then read the renderer main thread's
 * tasks from it (the longest task of an interaction; the main-thread time of each frame).
 */
import type { CDPSession } from 'playwright';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { name?: string };
}

/** Top-level tasks of every thread; FireAnimationFrame marks the frames (rAF callbacks). */
export const TASK_CATEGORIES = ['toplevel', 'devtools.timeline'];

/**
 * Runs `fn` with tracing on and returns the trace's events. The trace is handed over as a
 * stream once tracing ends, not in chunks while it runs: serializing, sending and parsing
 * chunks during the measured work took CPU from the page on a 2-core machine.
 */
export async function traced<T>(cdp: CDPSession, categories: string[], fn: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const complete = new Promise<string | undefined>((r) => cdp.once('Tracing.tracingComplete', (e) => r(e.stream)));
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', streamFormat: 'json', traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' } });
  let result: T;
  try {
    result = await fn();
  } finally {
    await cdp.send('Tracing.end');
  }
  const stream = await complete;
  if (!stream) throw new Error('tracing: no stream');
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 22 });
    parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const json = JSON.parse(parts.join('')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return { result, events: Array.isArray(json) ? json : (json.traceEvents ?? []) };
}

interface Thread {
  pid: number;
  tid: number;
}

/** The page's renderer main thread: the CrRendererMain that ran the most tasks. */
export function mainThread(events: TraceEvent[]): Thread | undefined {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: Thread | undefined;
  let most = -1;
  for (const m of mains) {
    const n = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
    if (n > most) {
      most = n;
      best = { pid: m.pid, tid: m.tid };
    }
  }
  return best;
}

export interface Task {
  start: number;
  end: number;
  /** The thread's CPU time in the task (µs): its wall time less the time it was not running. */
  cpu: number;
}

/** Top-level tasks of a thread (µs), nested ones folded into their parent. */
export function tasksOf(events: TraceEvent[], t: Thread): Task[] {
  const on = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.dur !== undefined);
  const named = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const src = named.length ? named : on.filter((e) => e.name === 'RunTask');
  const sorted = src.map((e) => ({ start: e.ts, end: e.ts + e.dur!, cpu: e.tdur ?? NaN })).sort((a, b) => a.start - b.start);
  const out: Task[] = [];
  for (const x of sorted) {
    const last = out.at(-1);
    // A nested task's CPU time is part of its parent's.
    if (last && x.start < last.end) {
      last.end = Math.max(last.end, x.end);
      last.cpu = Math.max(last.cpu, x.cpu);
    } else out.push({ ...x });
  }
  return out;
}

/** Input events that start an interaction (the first one dispatched on the main thread). */
const INPUT_TYPES = new Set(['pointerover', 'pointerenter', 'pointermove', 'pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'keydown', 'keypress', 'input']);

/**
 * When the interaction began (µs, trace clock): the first input event dispatched on the
 * thread; -Infinity when the trace has none.
 */
export function firstInput(events: TraceEvent[], t: Thread): number {
  let first = Number.POSITIVE_INFINITY;
  for (const e of events) {
    if (e.pid !== t.pid || e.tid !== t.tid || e.name !== 'EventDispatch') continue;
    const type = (e.args?.data as { type?: string } | undefined)?.type;
    if (type && INPUT_TYPES.has(type) && e.ts < first) first = e.ts;
  }
  return Number.isFinite(first) ? first : Number.NEGATIVE_INFINITY;
}

/**
 * The longest main-thread task of an interaction (ms) and how many took over 50 ms: the
 * tasks from the one that dispatched its first input event on. Tasks that ended before it
 * are the harness's (the tracing agent starting in the page, Playwright's actionability
 * checks) or left over from before (a garbage collection of earlier work).
 */
export function longestTask(events: TraceEvent[]): { longestMs: number; over50: number } {
  const t = mainThread(events);
  if (!t) return { longestMs: NaN, over50: NaN };
  const from = firstInput(events, t);
  const tasks = tasksOf(events, t).filter((x) => x.end > from);
  const durs = tasks.map((x) => (x.end - x.start) / 1000);
  return { longestMs: durs.length ? Math.max(...durs) : 0, over50: durs.filter((d) => d > 50).length };
}

/**
 * Main-thread time of each frame (ms): the frame's own task (scroll events, rAF callbacks,
 * style, layout, paint) plus every task that ran since the previous frame's task ended
 * (timers, React's scheduler, observers). The first frame, without a predecessor, is left out.
 * `wall` is the tasks' duration; `cpu` the thread's CPU time in them (on a machine whose
 * cores the compositor, raster and display threads share, the difference is the time the
 * main thread waited for a core).
 */
export function frameWork(events: TraceEvent[]): { wall: number[]; cpu: number[] } {
  const t = mainThread(events);
  if (!t) return { wall: [], cpu: [] };
  const tasks = tasksOf(events, t);
  const rafs = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FireAnimationFrame').map((e) => e.ts);
  const frameIdx = new Set<number>();
  let i = 0;
  for (const ts of rafs.sort((a, b) => a - b)) {
    while (i < tasks.length && tasks[i]!.end < ts) i++;
    if (i < tasks.length && tasks[i]!.start <= ts) frameIdx.add(i);
  }
  const frames = [...frameIdx].sort((a, b) => a - b);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 1; k < frames.length; k++) {
    let busy = 0;
    let run = 0;
    for (let j = frames[k - 1]! + 1; j <= frames[k]!; j++) {
      busy += tasks[j]!.end - tasks[j]!.start;
      run += tasks[j]!.cpu;
    }
    wall.push(busy / 1000);
    cpu.push(run / 1000);
  }
  return { wall, cpu };
}
