import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES } from '../../src/server/http/preload.ts';
import { routeSize } from '../bench/sizes.ts';

// Issue 4's budget: the JS /en/products/product_list loads, gzipped. `npm test` builds dist/
// (with a manifest) before vitest runs, so every change is weighed against it, not only `npm run bench`.
// Issue 23's 31 screens fit 185: lookups travel with the screens that use them, and the
// entry's lines (route tree, loaders) are short (docs/browser.md "Loading"). Issue 24's
// 15 screens, the account pages' routes and the captions' fetch made it 185.73, so 186.
// Issue 25's 14 screens (every menu route is built now, 89 of 89) added 0.40 KiB of route
// lines to the entry and 0.20 of registry names (renderers, toolbar keys) to the screen
// page: 186.43, so 187 — the entry grows no further with the menu complete.
// Issues 27–28 (one session, measured merged: 191.83): the bootstrap call, the route's
// first-rows prefetch and early answers, Vite's preload helper as a file of its own (+2.6),
// redo and the set filter's button (+0.3), the header keys, live-region announcer and skip
// link, the landmark and focus fixes — so 192; trimming it back is open work.
// Issue 27's start in the page (api/startData.ts: the page's bootstrap and first rows read
// once, the note of a grid state's save under way) made it 192.2 on the merged build, so 193.
// The grid starting restored from the route's state read (router/screenStart.ts `stateFirst`,
// session/gridStates.ts `firstStateReads`): 193.07, so 194.
// Issues 42–43 (one session, measured merged: 194.15): the session restored by a refresh call at the start
// (the access token in memory only), one number parser by the UI language's separators, the detail grids'
// state locks — so 195.
// Issue 43's rest (measured merged: 195.23): record rules said at their field, the discount limit checked
// at the cell, the Events right deciding which event buttons a grid shows — so 196; trimming is open work.
// Issue 45 (measured merged: 196.70): one module per column type (each type's parse and order beside its
// format on the list route; its valibot rules stay apart), the typed custom-action client — so 197.
// Then trimmed (measured 196.22): each action's call a module of its own, the list route importing the
// calls it makes from theirs (the namespace of all 46 had come with the start's data); the sort order
// of the column types a module apart (core/columnTypes/order.ts).
// Issue 46 (measured unmerged: 197.36): every product field on product_list (its descriptor 1.34 →
// 1.87 KiB: 31 more columns, the hidden ones in the column chooser, and their groups; the lookups of
// collections, currencies and packing templates) and the grid's Open record button — so 198.
// Merged with the rest of issue 46 (measured 198.13): a money column's rates of its row's day
// (`ratesField`, the `rate` renderer), the product list's bulk "List in shop…" key, the set-up
// checklist's route line — so 199.
// Issues 47 and 48 merged (measured 199.71): a write's "Save anyway?" question (below the minimum
// margin), the session's denied events, the documents' upload — so 200, issue 49's own target for
// the whole page; trimming below it is issue 49's open work.
// Issue 49's sort and filter at the cost of the request (measured 200.23): the first window's
// request sent in the click's task (dataProvider/calls.ts fetchAhead) and the editors' preload
// after an idle moment — so 200.5, over issue 49's 200 until the trim that issue still asks for.
// Issue 49's next steps (one session, measured merged): the catalogue's later part and Radix's dialogs left the
// product list's first load (the page's JS before idle 260.3 → 215.5 KiB), which moved the live region's words and
// the toolbar buttons' words into what the route loads (the first part, the screen's labels: +0.2), and the page
// load's refresh call into the entry (session/earlyRefresh.ts: +0.3); the screen page's trim (unmerged 200.62 →
// 199.15): a save's write and its answer's handling (features/edits/writes.ts), fill down and the TSV reading
// (with the paste code) and the image popover load with their first use — so 200, issue 49's target.
// Issue 49's JS before idle (measured 195.52): the app's code and the screen page in one chunk (core/appParts.ts), the
// lazy chunks' preload lists without their own names and the chunks every page has (vite.config.ts), the Ask-AI
// button in the header's code, the invoices' words in the later part, no source-map comments and no
// useSyncExternalStore shim — and the page's whole JS before idle weighed too (below).
const BUDGET_KIB = 200;
const dist = process.env.E2E_DIST ?? join(process.cwd(), 'dist');

describe('list-route JS budget', () => {
  it(`stays within ${BUDGET_KIB} KiB gzipped`, () => {
    expect(existsSync(join(dist, '.vite', 'manifest.json')), `no build with a manifest in ${dist}: run vite build`).toBe(true);
    const size = routeSize(dist);
    expect(size.missing).toEqual([]);
    const kib = size.gzip / 1024;
    const detail = size.files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)}`).join(', ');
    expect(kib, `route JS ${kib.toFixed(2)} KiB: ${detail}`).toBeLessThanOrEqual(BUDGET_KIB);
  });

  // Issue 49's measure (the nav bench's "JS loaded before idle"): the route and what every screen page loads right
  // after its first render (server/http/preload.ts SCREEN_MODULES: the toolbar actions' registry with the product
  // list's buttons, live rows). The bench weighs what the browser fetched; this weighs the build, so a change is
  // weighed before it reaches a bench. Measured 199.9 when the app's part, the screen page's extras and the lazy
  // chunks' shorter preload lists came (core/appParts.ts, vite.config.ts).
  it(`loads at most ${BUDGET_KIB} KiB gzipped before the product list is idle`, () => {
    const size = routeSize(dist, SCREEN_MODULES);
    expect(size.missing).toEqual([]);
    const kib = size.gzip / 1024;
    const detail = size.files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)}`).join(', ');
    expect(kib, `page JS ${kib.toFixed(2)} KiB: ${detail}`).toBeLessThanOrEqual(BUDGET_KIB);
  });

  // ECharts (zrender's `_ec_inner` marker is in every build of it) loads only with a report's chart (src/app/reports/echarts.ts).
  it('carries no ECharts: the report chart is a chunk of its own', () => {
    const size = routeSize(dist);
    for (const f of size.files) expect(readFileSync(join(dist, f.file), 'utf8').includes('_ec_inner'), f.file).toBe(false);
  });

  // A dialog's call (the mail screen's labels) loads with its dialog: the route imports only the calls it makes (src/app/api/actions.ts).
  it('carries no call only a toolbar dialog makes', () => {
    const size = routeSize(dist);
    const hasCall = (file: string) => readFileSync(join(dist, file), 'utf8').includes('`email_labels`');
    for (const f of size.files) expect(hasCall(f.file), f.file).toBe(false);
    // …and the build writes it so (else this would pass on any build).
    expect(readdirSync(join(dist, 'assets')).some((f) => f.endsWith('.js') && hasCall(join('assets', f)))).toBe(true);
  });
});
