/**
 * What both bench pages share: the data set (generated here, in the page), the grid's
 * box, and `window.__bench` for the harness (the rows, to compute expected first rows
 * outside the timed parts). `?nogrid` builds the data and mounts no grid: the heap
 * baseline the grids are measured against.
 */
import { FILTER_TEXT, cheapest, generate, type BenchRow } from './data.ts';

declare global {
  interface Window {
    __bench?: { rows: BenchRow[]; cheapest: typeof cheapest; filterText: string; mounted: boolean };
  }
}

export const WIDTH = 1200;
export const HEIGHT = 700;

export function setup(): { rows: BenchRow[]; root: HTMLElement | null } {
  const rows = generate();
  // The harness reads this mark: first rows minus data ready = the grid's own start-up.
  performance.mark('bench:data-ready');
  const noGrid = new URLSearchParams(location.search).has('nogrid');
  window.__bench = { rows, cheapest, filterText: FILTER_TEXT, mounted: !noGrid };
  const root = document.getElementById('grid');
  if (root) Object.assign(root.style, { width: `${WIDTH}px`, height: `${HEIGHT}px` });
  return { rows, root: noGrid ? null : root };
}
