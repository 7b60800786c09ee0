/** The section "Server pages and search as you type" of docs/benchmarks.md (pages.ts). */
import { PAGES_TARGET, type PagesCaseResult, type PagesEngineResult, type SearchCaseResult } from './pages.ts';
import type { BenchResults } from './results.ts';
import { median, summarize, type Summary } from './stats.ts';

export const PAGES_HEADING = '## Server pages and search as you type';

const f = (v: number, digits?: number) => {
  if (!Number.isFinite(v)) return '—';
  const d = digits ?? (Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2);
  return v.toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });
};
const mp = (s: Summary | undefined) => (s && s.n ? `${f(s.median)} / ${f(s.p95)}` : '—');
const x = (r: number) => (Number.isFinite(r) ? `${f(r, 2)}×` : '—');
const met = (r: number) => (Number.isFinite(r) ? (r <= PAGES_TARGET ? 'yes' : '**no**') : '—');

function worst<T>(xs: T[], by: (t: T) => number): T | undefined {
  return xs.filter((t) => Number.isFinite(by(t))).sort((a, b) => by(b) - by(a))[0];
}

const pageRatio = (c: PagesCaseResult) => c.engineMs.median / c.pageMs.median;

function pagesTable(e: PagesEngineResult): string[] {
  const out = [
    '| Screen | Case | Rows (total) | Engine over HTTP, median / p95 (ms) | Same SQL over HTTP (ms) | Ratio | Met? | Page statement alone (ms) | Ratio to it | Statements | Index |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|---:|---|',
  ];
  for (const c of e.cases) {
    if (c.error) {
      out.push(`| \`${c.form}\` | ${c.label} | failed: \`${c.error.slice(0, 120)}\` | | | | | | | | |`);
      continue;
    }
    out.push(
      `| \`${c.form}\` | ${c.label} | ${c.rows} (${c.total ?? '—'}) | ${mp(c.engineMs)} | ${mp(c.rawMs)} | ${x(c.ratio)} | ${met(c.ratio)} | ${mp(c.pageMs)} | ${x(pageRatio(c))} | ${c.statements} | ${c.indexed ? 'yes' : 'no'} |`,
    );
  }
  return out;
}

function searchTable(cases: SearchCaseResult[]): string[] {
  const out = ['| Typed | Rows (first) | Engine over HTTP, median / p95 (ms) | Trigram query over HTTP (ms) | Its rows | Ratio | Met? | Same candidates? |', '|---|---|---:|---:|---:|---:|---|---|'];
  for (const c of cases) {
    if (c.error) {
      out.push(`| \`${c.text}\` | failed: \`${c.error.slice(0, 120)}\` | | | | | | |`);
      continue;
    }
    out.push(`| \`${c.text}\` | ${c.rows} (${c.firstRow || '—'}) | ${mp(c.engineMs)} | ${mp(c.trigramMs)} | ${c.trigramRows} | ${x(c.ratio)} | ${met(c.ratio)} | ${c.agrees ? 'yes' : '**no**'} |`);
  }
  return out;
}

/** The section, dated: a run of the pages part alone puts it into the file of an earlier run (spliceSection). */
export function renderPagesSection(r: BenchResults): string[] {
  const engines = r.pages ?? [];
  const s = r.pagesSettings;
  const out = [
    PAGES_HEADING,
    '',
    `Figures of \`${r.command}\` on ${r.date.slice(0, 10)} (${r.date.slice(11, 16)} UTC), ${f(r.durationS, 0)} s; load average (1 min) ${f(r.load.start, 2)} at its start, ${f(r.load.end, 2)} at its end — the machine (2 cores) was shared with other work, which inflates every figure and the tails most.`,
    '',
    `\`tests/bench/pages.ts\` (issue 27 point 2, issue 28 point 5). Per engine: the real server (\`startServer\`, port 0) with the demo data of ${f(s?.products ?? NaN, 0)} products (SK01 holds 20,000), then \`vacuum analyze\`; requests from a client thread of its own over a keep-alive socket (httpClient.ts), timed from the request to the answer parsed.`,
    '',
    `- **Server pages**: for ${['product_list', 'stock_free_and_reserved', 'sales_orders', 'partner_list'].map((x) => `\`${x}\``).join(', ')} of SK01, the first page (\`startRow 0, endRow 100\`, English) in the screen's default order, by every sortable column ascending and descending, and a few filters. **Same SQL**: the statements the engine ran for that request (recorded from the server's db handle on an untimed request, its estimate cache warm: the page, the second part of a descending page split at the column's NULLs, the total's \`count(*)\` when the page is full and the company has under COUNT_ESTIMATE_THRESHOLD rows), run one after another by a bare \`node:http\` endpoint on the same db handle, their rows answered with JSON.stringify. **Page statement alone**: the first of them only (no total). **Index**: the page statement's plan reads the rows in order from an index (its first sort or scan node is an index scan or an incremental sort), not a sort of every row.`,
    `- **Search as you type**: the catalogue grown to ${f(s?.searchProducts ?? NaN, 0)} products (copies of SK01's seeded products under new codes, \`vacuum analyze\`), \`products_brief\` \`list\` with \`search\` per keystroke (50 rows, English). **Trigram query**: the hand-written search behind a bare endpoint — every word \`app.search_text(coalesce(product_code, ''), product_name) like '%word%'\` (migration 083's index), best \`word_similarity\` to the text first, 50 rows; when that finds nothing, \`word <% …\` (a typo). **Same candidates**: the engine's rows all pass the trigram query's conditions, and both find something or both nothing.`,
    `- ${s?.runs ?? '?'} timed runs per case after one untimed round; each round runs the steps in a new seeded random order. Target: ≤ ${f(PAGES_TARGET, 1)}× (medians).`,
    '',
  ];
  const summary: string[] = [
    '| Engine | Page cases | Met ≤ 1.5× same SQL | Worst ratio (case) | Median ratio | Worst ratio to the page alone (case) | Indexed sorts | Search keystrokes met | Worst search ratio (text) |',
    '|---|---:|---:|---|---:|---|---:|---:|---|',
  ];
  for (const e of engines) {
    if (e.error) {
      summary.push(`| ${e.engine} | not measured: \`${e.error.slice(0, 160)}\` | | | | | | | |`);
      continue;
    }
    const ok = e.cases.filter((c) => !c.error);
    const w = worst(ok, (c) => c.ratio);
    const wp = worst(ok, pageRatio);
    const sc = e.search?.cases.filter((c) => !c.error) ?? [];
    const ws = worst(sc, (c) => c.ratio);
    summary.push(
      `| ${e.engine} | ${ok.length}${ok.length < e.cases.length ? ` (${e.cases.length - ok.length} failed)` : ''} | ${ok.filter((c) => c.ratio <= PAGES_TARGET).length} | ${w ? `${x(w.ratio)} (${w.form} ${w.label})` : '—'} | ${x(median(ok.map((c) => c.ratio)))} | ${wp ? `${x(pageRatio(wp))} (${wp.form} ${wp.label})` : '—'} | ${ok.filter((c) => c.indexed).length} of ${ok.length} | ${sc.length ? `${sc.filter((c) => c.ratio <= PAGES_TARGET).length} of ${sc.length}` : '—'} | ${ws ? `${x(ws.ratio)} (\`${ws.text}\`)` : '—'} |`,
    );
  }
  out.push(...summary, '');
  for (const e of engines) {
    out.push(`### ${e.engine === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL server'}${e.version ? ` — ${e.version}` : ''}`, '');
    if (e.error) {
      out.push(`Not measured: \`${e.error}\``, '');
      continue;
    }
    const unsorted = e.cases.find((c) => c.form === 'product_list' && c.label === 'default order');
    const sorted = e.cases.filter((c) => c.form === 'product_list' && / (asc|desc)$/.test(c.label) && !c.error);
    out.push(
      `Seeded in ${f(e.seedMs / 1000, 1)} s: ${e.companyProducts.toLocaleString('en-GB')} of ${e.products.toLocaleString('en-GB')} products in SK01. product_list: the unsorted first page ${mp(unsorted?.engineMs)} ms; sorted ones median ${f(summarize(sorted.map((c) => c.engineMs.median)).median)} ms, slowest ${f(summarize(sorted.map((c) => c.engineMs.median)).max)} ms.`,
      '',
      ...pagesTable(e),
      '',
    );
    if (e.search) {
      out.push(
        `Search at ${e.search.products.toLocaleString('en-GB')} products (${e.search.companyProducts.toLocaleString('en-GB')} in SK01; grown in ${f(e.search.growMs / 1000, 1)} s):`,
        '',
        ...searchTable(e.search.cases),
        '',
      );
    }
  }
  return out;
}
