/**
 * `tsx tests/bench/pagesMerge.ts a/results.json b/results.json`: the pages section of
 * docs/benchmarks.md (BENCH_OUT) from runs of the pages part that each measured one engine
 * (BENCH_SKIP=…,pglite and …,postgres side by side: on a shared machine two processes get
 * more of it than one doing both in turn). The first run's date, command and machine head
 * the section; the load averages are the highest of the runs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PAGES_HEADING, renderPagesSection } from './pagesReport.ts';
import { spliceSection } from './report.ts';
import type { BenchResults } from './results.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: tsx tests/bench/pagesMerge.ts results.json…');
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as BenchResults);
const first = runs[0]!;
const merged: BenchResults = {
  ...first,
  command: runs.map((r) => r.command).join(' and '),
  load: { start: Math.max(...runs.map((r) => r.load.start)), end: Math.max(...runs.map((r) => r.load.end)) },
  pages: runs.flatMap((r) => r.pages ?? []),
  durationS: Math.max(...runs.map((r) => r.durationS)),
};
const out = resolve(process.env.BENCH_OUT ?? 'docs/benchmarks.md');
writeFileSync(out, spliceSection(readFileSync(out, 'utf8'), renderPagesSection(merged), PAGES_HEADING));
console.log(`wrote ${out}`);
