/**
 * After every run: the slowest 15 test files with their time (import, set-up, tests and hooks),
 * and, after a full run (`npm test` without a filter sets TEST_FULL_RUN), durations.json
 * rewritten from it: the sequencer's order (longest first) follows the suite as it grows.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** A file's time in a worker: its import and set-up, then its tests and hooks. */
export function fileSeconds(m: TestModule): number {
  const d = m.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
}

export default class DurationsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = modules.map((m) => ({ file: relative(this.root, m.moduleId), project: m.project.name, s: fileSeconds(m) })).sort((a, b) => b.s - a.s || (a.file < b.file ? -1 : 1));
    if (times.length === 0) return;
    const total = times.reduce((sum, t) => sum + t.s, 0);
    const lines = times.slice(0, 15).map((t) => `  ${t.s.toFixed(1).padStart(6)} s  ${t.project.padEnd(4)}  ${t.file}`);
    console.log(`\nSlowest ${Math.min(15, times.length)} of ${times.length} test files (${total.toFixed(0)} s of file time in all):\n${lines.join('\n')}`);
    if (process.env.TEST_FULL_RUN) {
      const out = Object.fromEntries(times.map((t) => [t.file, Math.max(1, Math.round(t.s))] as const));
      writeFileSync(new URL('./durations.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
      console.log(`tests/setup/durations.json: rewritten from this run (${times.length} files)`);
    }
  }
}
