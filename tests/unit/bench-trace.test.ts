import { describe, expect, it } from 'vitest';
import { frameWork, longestTask, type TraceEvent } from '../bench/trace.ts';

// A renderer main thread (1:2) and another thread (1:3); times in µs.
const meta: TraceEvent[] = [{ name: 'thread_name', cat: '__metadata', ph: 'M', ts: 0, pid: 1, tid: 2, args: { name: 'CrRendererMain' } }];
const task = (ts: number, ms: number, tid = 2, cpuMs = ms): TraceEvent => ({ name: 'ThreadControllerImpl::RunTask', cat: 'toplevel', ph: 'X', ts, dur: ms * 1000, tdur: cpuMs * 1000, pid: 1, tid });
const raf = (ts: number): TraceEvent => ({ name: 'FireAnimationFrame', cat: 'devtools.timeline', ph: 'X', ts, dur: 100, pid: 1, tid: 2 });
const input = (ts: number, type: string, tid = 2): TraceEvent => ({ name: 'EventDispatch', cat: 'devtools.timeline', ph: 'X', ts, dur: 100, pid: 1, tid, args: { data: { type } } });

describe('bench trace: longest task of an interaction', () => {
  it('counts the tasks from the one dispatching the first input event on', () => {
    const events = [...meta, task(0, 60), task(100_000, 30), input(100_500, 'pointerover'), task(200_000, 55), task(300_000, 10)];
    expect(longestTask(events)).toEqual({ longestMs: 55, over50: 1 });
  });

  it('keeps the task the input came in, though it began before the event', () => {
    const events = [...meta, task(0, 20), task(100_000, 52), input(110_000, 'click'), task(200_000, 10)];
    expect(longestTask(events)).toEqual({ longestMs: 52, over50: 1 });
  });

  it('ignores input events of other threads; without any input every task counts', () => {
    const events = [...meta, task(0, 60), task(100_000, 30), input(100_500, 'keydown', 3), task(100_000, 5, 3)];
    expect(longestTask(events)).toEqual({ longestMs: 60, over50: 1 });
  });

  it('does not start at a non-input event', () => {
    const events = [...meta, task(0, 60), input(500, 'focusin'), task(100_000, 30), input(100_500, 'input')];
    expect(longestTask(events)).toEqual({ longestMs: 30, over50: 0 });
  });
});

describe('bench trace: main-thread time per frame', () => {
  it("sums a frame's task and the tasks since the previous frame, in wall and in CPU time", () => {
    const events = [
      ...meta,
      task(0, 5, 2, 4),
      raf(1_000),
      task(6_000, 2, 2, 1), // a timer between frames
      task(16_000, 6, 2, 3),
      raf(17_000),
      task(16_500, 1, 2, 0.5), // nested in the frame's task: counted once
      task(33_000, 4, 2, 4),
      raf(33_500),
      task(40_000, 3, 3, 3), // another thread
    ];
    expect(frameWork(events)).toEqual({ wall: [8, 4], cpu: [4, 4] });
  });
});
