/**
 * Rewrites durations.json (the sequencer's order) from a full run's JSON report:
 * `npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json`, then
 * `npm run test:durations -- /tmp/vitest.json`. A file's time is from its start to its end.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const from = process.argv[2];
if (!from) throw new Error('usage: npm run test:durations -- <vitest JSON report>');
const report = JSON.parse(readFileSync(from, 'utf8')) as Report;
const out = Object.fromEntries(
  report.testResults.map((r) => [relative(process.cwd(), r.name), Math.max(1, Math.round((r.endTime - r.startTime) / 1000))] as const).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
);
writeFileSync(new URL('./durations.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
console.log(`durations.json: ${Object.keys(out).length} files`);
