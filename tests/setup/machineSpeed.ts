/**
 * A fixed piece of CPU work, timed: what the machine's speed was when a run's durations were
 * taken. The same 2-core machine has run the same suite in 21 and in 50 minutes on different
 * days (docs/testing.md); durations compare only between runs whose figure is alike.
 */
import { createHash } from 'node:crypto';

function once(): number {
  const t = performance.now();
  let rows = 0;
  for (let r = 0; r < 40; r++) {
    // objects, strings, a locale sort and JSON: what the tests' Node side does most
    const list = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `Brand ${(i * 7919) % 5000}`, price: i * 1.25 }));
    list.sort((a, b) => a.name.localeCompare(b.name));
    rows += (JSON.parse(JSON.stringify(list)) as unknown[]).length;
  }
  const block = Buffer.alloc(1 << 20, rows % 251);
  for (let i = 0; i < 100; i++) createHash('sha256').update(block).digest();
  return performance.now() - t;
}

/** Milliseconds the work takes: the median of three (about 1.5 s in all on the machine of docs/testing.md). */
export function machineSpeed(): number {
  const times = [once(), once(), once()].sort((a, b) => a - b);
  return Math.round(times[1]!);
}
