/** The section "The five biggest screens: sorted and filtered first pages" of docs/benchmarks.md (bigScreens.ts). */
import { SCREENS_TARGET, type BigScreensEngineResult } from './bigScreens.ts';
import type { PagesCaseResult } from './pages.ts';
import type { BenchResults } from './results.ts';
import { median, type Summary } from './stats.ts';

export const SCREENS_HEADING = '## The five biggest screens: sorted and filtered first pages';

const f = (v: number, digits?: number) => {
  if (!Number.isFinite(v)) return '—';
  const d = digits ?? (Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2);
  return v.toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });
};
const mp = (s: Summary) => (s.n ? `${f(s.median)} / ${f(s.p95)}` : '—');
const x = (r: number) => (Number.isFinite(r) ? `${f(r, 2)}×` : '—');
const met = (r: number) => (Number.isFinite(r) ? (r <= SCREENS_TARGET ? 'yes' : '**no**') : '—');

function table(cases: PagesCaseResult[]): string[] {
  const out = [
    '| Screen | Case | Rows (total) | Engine over HTTP, median / p95 (ms) | Same SQL over HTTP (ms) | Ratio | Met? | Page statement alone (ms) | Statements | Index |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|---|',
  ];
  for (const c of cases) {
    if (c.error) out.push(`| \`${c.form}\` | ${c.label} | failed: \`${c.error.slice(0, 120)}\` | | | | | | | |`);
    else
      out.push(
        `| \`${c.form}\` | ${c.label} | ${c.rows} (${c.total ?? '—'}) | ${mp(c.engineMs)} | ${mp(c.rawMs)} | ${x(c.ratio)} | ${met(c.ratio)} | ${mp(c.pageMs)} | ${c.statements} | ${c.indexed ? 'yes' : 'no'} |`,
      );
  }
  return out;
}

export function renderScreensSection(r: BenchResults): string[] {
  const engines: BigScreensEngineResult[] = r.screens ?? [];
  const s = r.screensSettings;
  const out = [
    SCREENS_HEADING,
    '',
    `Figures of \`${r.command}\` on ${r.date.slice(0, 10)} (${r.date.slice(11, 16)} UTC), ${f(r.durationS, 0)} s; load average (1 min) ${f(r.load.start, 2)} at its start, ${f(r.load.end, 2)} at its end — the machine (2 cores) was shared with other work.`,
    '',
    `\`tests/bench/bigScreens.ts\` (issue 49 point 3). Per engine: the real server with the demo data of ${f(s?.products ?? NaN, 0)} products, \`vacuum analyze\`; the five menu screens whose relation holds the most rows of SK01; for each, the first page (\`startRow 0, endRow 100\`, English) in its default order, by every sortable column ascending, and one typical filter per filterable column type (a text: \`contains\` three letters of a value; a number, money or date: above the company's median; true/false: true; a looked-up key: its most frequent value). **Same SQL**: the statements the engine ran for that very request (recorded on an untimed call: the page, a split page's second part, the total's \`count(*)\`), the same parameters, run by a bare \`node:http\` endpoint on the same db handle and answered as JSON. ${s?.runs ?? '?'} timed rounds per case (${s?.slowRuns ?? '?'} for a call over a second) after an untimed one, the three calls in a new seeded order each round; medians. Target: ≤ ${f(SCREENS_TARGET, 1)}×.`,
    '',
    '| Engine | Screens (SK01 rows) | Cases | Met ≤ 1.3× | Worst ratio (case) | Median ratio | Indexed pages |',
    '|---|---|---:|---:|---|---:|---:|',
  ];
  for (const e of engines) {
    if (e.error) {
      out.push(`| ${e.engine} | not measured: \`${e.error.slice(0, 160)}\` | | | | | |`);
      continue;
    }
    const ok = e.cases.filter((c) => !c.error);
    const w = ok.filter((c) => Number.isFinite(c.ratio)).sort((a, b) => b.ratio - a.ratio)[0];
    out.push(
      `| ${e.engine} | ${e.screens.map((b) => `\`${b.form}\` (${b.rows.toLocaleString('en-GB')})`).join(', ')} | ${ok.length}${ok.length < e.cases.length ? ` (${e.cases.length - ok.length} failed)` : ''} | ${ok.filter((c) => c.ratio <= SCREENS_TARGET).length} | ${w ? `${x(w.ratio)} (${w.form} ${w.label})` : '—'} | ${x(median(ok.map((c) => c.ratio)))} | ${ok.filter((c) => c.indexed).length} of ${ok.length} |`,
    );
  }
  out.push('');
  for (const e of engines) {
    if (e.error) continue;
    out.push(`### ${e.engine === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL server'}${e.version ? ` — ${e.version}` : ''}`, '', ...table(e.cases), '');
  }
  return out;
}
