/**
 * What both bench pages share: the data set (generated here, in the page), the grid's
 * box, `window.__bench` for the harness (the rows, to compute expected first rows
 * outside the timed parts), and the order of the start:
 *
 * 1. the entry (this file and data.ts, no grid code) generates the 100,000 rows;
 * 2. `bench:data-ready` is marked and the page asks for the grid's code (a dynamic
 *    import: the grid's chunks, React included, are fetched, compiled and run after it);
 * 3. the grid mounts with the rows.
 *
 * The harness's first-rows figure starts at the mark: everything the grid costs (its
 * code's download and compile, start-up, first render, layout and paint) and nothing the
 * harness itself does (generating the data) is in it. `?nogrid` builds the data and loads
 * no grid: the heap baseline the grids are measured against.
 */
import { FILTER_TEXT, cheapest, generate, type BenchRow } from './data.ts';

declare global {
  interface Window {
    __bench?: { rows: BenchRow[]; cheapest: typeof cheapest; filterText: string; mounted: boolean };
  }
}

export const WIDTH = 1200;
export const HEIGHT = 700;

export type Mount = (rows: BenchRow[], root: HTMLElement) => void;

export function start(load: () => Promise<{ mount: Mount }>): void {
  const rows = generate();
  // The harness reads this mark: first rows minus data ready = the grid's own start-up.
  performance.mark('bench:data-ready');
  const noGrid = new URLSearchParams(location.search).has('nogrid');
  window.__bench = { rows, cheapest, filterText: FILTER_TEXT, mounted: !noGrid };
  const root = document.getElementById('grid');
  if (!root || noGrid) return;
  Object.assign(root.style, { width: `${WIDTH}px`, height: `${HEIGHT}px` });
  void load().then((m) => m.mount(rows, root));
}
