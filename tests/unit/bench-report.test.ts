import { describe, expect, it } from 'vitest';
import type { GridId, RunResult, ScrollResult } from '../bench/grids.ts';
import { renderReport } from '../bench/report.ts';
import type { BenchResults } from '../bench/results.ts';

const scroll = (frames: number[], cpuShare = 0.5, loafs = 0): ScrollResult => ({
  frameWorkMs: frames,
  frameCpuMs: frames.map((f) => f * cpuShare),
  intervalsMs: frames.map(() => 16.7),
  longAnimationFrames: loafs,
  longestLoafMs: 0,
  rowsScrolled: 1000,
});
const interaction = (ms: number) => ({ ms, longestTaskMs: ms / 2, tasksOver50: 0, longAnimationFrames: 0 });
const run = (grid: GridId, frames: number[]): RunResult => ({
  grid,
  firstRowMs: 900,
  dataReadyMs: 500,
  heapMB: 20,
  scroll: scroll(frames),
  sort: interaction(grid === 'ag' ? 500 : 100),
  filter: interaction(grid === 'ag' ? 300 : 40),
  errors: [],
});
// 20 frames: the p95 (nearest rank) is the 19th smallest.
const frames = (base: number, tail: number) => [...Array.from({ length: 18 }, () => base), tail, tail + 1];

function results(floorTail: number): BenchResults {
  return {
    date: '2026-11-23T21:00:00.000Z',
    command: 'npm run bench',
    machine: { cores: 2, cpu: 'test', memGiB: 1, os: 'linux', node: 'v20' },
    load: { start: 0, end: 0 },
    settings: { runs: 1, apiRuns: 1, slowRuns: 1, fastRuns: 1, products: 1, scrollMs: 5000, scrollPxPerS: 6000 },
    ui: {
      chromium: '1',
      runs: [run('screen', frames(4, 9)), run('ag', frames(15, 40))],
      floor: [{ scroll: scroll(frames(3, floorTail), 0.6), errors: [] }],
      baselineHeapMB: { screen: [18], ag: [18] },
      pageJs: {},
      profiles: {},
      rowsPropLanded: true,
      blocked: [],
    },
    durationS: 1,
  };
}

describe('bench report: the scroll floor', () => {
  it('sets ScreenGrid against the floor, frame time and CPU time, and names the floor in the scroll target line', () => {
    const md = renderReport(results(6));
    expect(md).toContain('### Scroll floor (reference)');
    // ScreenGrid p95 9 ms wall / 4.5 ms CPU; floor 6 ms wall / 3.6 ms CPU.
    expect(md).toContain('| Main-thread time per frame (ms, all frames) | 3.00 / 6.00 | 4.00 / 9.00 | 1.50× |');
    expect(md).toContain('| … the main thread’s CPU time in the same tasks (ms) | 1.80 / 3.60 | 2.00 / 4.50 | 1.25× |');
    expect(md).toContain('**no** (p95 9.00 ms, 0 long frames; the hand-written scroll floor on this machine: p95 6.00 ms, 0 long frames)');
    expect(md).not.toContain('the floor itself misses');
  });

  it('says when the floor itself misses the frame target on the machine at hand', () => {
    expect(renderReport(results(10))).toContain('On this machine the floor itself misses the 8.3 ms p95 frame target (10.0 ms).');
  });

  it('leaves the section out for results without floor runs', () => {
    const r = results(6);
    delete r.ui!.floor;
    const md = renderReport(r);
    expect(md).not.toContain('Scroll floor');
    expect(md).not.toContain('hand-written scroll floor');
  });
});
