/** What `npm run bench` (run.ts) measures, as the reports (report.ts, pagesReport.ts, pagesMerge.ts) read it. */
import type { ApiEngineResult } from './api.ts';
import type { BigScreensEngineResult } from './bigScreens.ts';
import type { GridId, PhaseProfiles, RunResult, ScrollResult } from './grids.ts';
import type { LoadResult } from './load.ts';
import type { NavResults } from './nav.ts';
import type { PagesEngineResult } from './pages.ts';
import type { PdfResult } from './pdf.ts';
import type { ReportEngineResult } from './reports.ts';
import type { JsSize } from './sizes.ts';
import type { SfEngineResult, SfSettings } from './storefront.ts';

export interface UiResults {
  chromium: string;
  runs: RunResult[];
  baselineHeapMB: Record<GridId, number[]>;
  pageJs: Partial<Record<GridId, JsSize & { loaded: JsSize }>>;
  profiles: Partial<Record<GridId, PhaseProfiles>>;
  /** The scroll floor (pages/floor-list.ts), one run per round of grid runs. */
  floor?: { scroll: ScrollResult; errors: string[] }[];
  /** ScreenGrid's props carry the client row model (`rows`). */
  rowsPropLanded: boolean;
  blocked: string[];
}

export interface BenchResults {
  date: string;
  command: string;
  machine: { cores: number; cpu: string; memGiB: number; os: string; node: string };
  /** 1-minute load average at the start and at the end (other work on the machine skews the figures). */
  load: { start: number; end: number };
  settings: { runs: number; apiRuns: number; slowRuns: number; fastRuns: number; products: number; scrollMs: number; scrollPxPerS: number };
  ui?: UiResults;
  appRoute?: (JsSize & { missing: string[] }) | { error: string };
  api?: ApiEngineResult[];
  /** Reports over the stock ledger (reports.ts). */
  reports?: ReportEngineResult[];
  reportSettings?: { runs: number; slowRuns: number; movements: number };
  /** The storefront's pages (storefront.ts). */
  storefront?: { settings: SfSettings; results: SfEngineResult[] };
  /** First pages and search as you type against bare endpoints (pages.ts). */
  pages?: PagesEngineResult[];
  pagesSettings?: { runs: number; products: number; searchProducts: number };
  /** The five biggest screens' sorted and filtered first pages against bare endpoints (bigScreens.ts). */
  screens?: BigScreensEngineResult[];
  screensSettings?: { runs: number; slowRuns: number; products: number };
  /** autocannon on the list page, 1 vs 2 processes vs a bare endpoint (load.ts). */
  loadTest?: LoadResult;
  /** The real app through the real server: first rows from navigation, a screen switch (nav.ts). */
  nav?: NavResults;
  /** A list request while PDFs are made (pdf.ts). */
  pdf?: PdfResult;
  durationS: number;
}
