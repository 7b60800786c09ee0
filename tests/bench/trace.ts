/**
 * CDP tracing: collect a trace around an action, then read the renderer main thread's
 * tasks from it (the longest task of an interaction; the main-thread time of each frame).
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { name?: string };
}

/** Top-level tasks of every thread; FireAnimationFrame marks the frames (rAF callbacks). */
export const TASK_CATEGORIES = ['toplevel', 'devtools.timeline'];

export async function traced<T>(cdp: CDPSession, categories: string[], fn: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: object[] }) => {
    for (const x of e.value) events.push(x as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' } });
  let result: T;
  try {
    result = await fn();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
  }
  return { result, events };
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
}

/** Top-level tasks of a thread (µs), nested ones folded into their parent. */
export function tasksOf(events: TraceEvent[], t: Thread): Task[] {
  const on = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.dur !== undefined);
  const named = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const src = named.length ? named : on.filter((e) => e.name === 'RunTask');
  const sorted = src.map((e) => ({ start: e.ts, end: e.ts + e.dur! })).sort((a, b) => a.start - b.start);
  const out: Task[] = [];
  for (const x of sorted) {
    const last = out.at(-1);
    if (last && x.start < last.end) last.end = Math.max(last.end, x.end);
    else out.push({ ...x });
  }
  return out;
}

/** The longest main-thread task in the trace (ms) and how many took over 50 ms. */
export function longestTask(events: TraceEvent[]): { longestMs: number; over50: number } {
  const t = mainThread(events);
  if (!t) return { longestMs: NaN, over50: NaN };
  const tasks = tasksOf(events, t);
  const durs = tasks.map((x) => (x.end - x.start) / 1000);
  return { longestMs: durs.length ? Math.max(...durs) : 0, over50: durs.filter((d) => d > 50).length };
}

/**
 * Main-thread time of each frame (ms): the frame's own task (scroll events, rAF callbacks,
 * style, layout, paint) plus every task that ran since the previous frame's task ended
 * (timers, React's scheduler, observers). The first frame, without a predecessor, is left out.
 */
export function frameWork(events: TraceEvent[]): number[] {
  const t = mainThread(events);
  if (!t) return [];
  const tasks = tasksOf(events, t);
  const rafs = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FireAnimationFrame').map((e) => e.ts);
  const frameIdx = new Set<number>();
  let i = 0;
  for (const ts of rafs.sort((a, b) => a - b)) {
    while (i < tasks.length && tasks[i]!.end < ts) i++;
    if (i < tasks.length && tasks[i]!.start <= ts) frameIdx.add(i);
  }
  const frames = [...frameIdx].sort((a, b) => a - b);
  const out: number[] = [];
  for (let k = 1; k < frames.length; k++) {
    let busy = 0;
    for (let j = frames[k - 1]! + 1; j <= frames[k]!; j++) busy += tasks[j]!.end - tasks[j]!.start;
    out.push(busy / 1000);
  }
  return out;
}
