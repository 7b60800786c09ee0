/**
 * Row windows: what the grid body reads rows from, by position. Two implementations:
 *
 * - `RowGeneration` (here): the server-side row model's block cache. One generation per
 *   query (sort, filters, company, language, reloads): blocks of BLOCK_SIZE rows fetched
 *   as the virtualizer needs them, cached by block index. A block after a loaded one is
 *   asked for by keyset (`after` = the sort values of the previous row) when the order
 *   allows it, so deep blocks cost what the first one costs.
 * - `ClientView` (ClientRowModel.ts): every row in memory, sorted and filtered in the
 *   browser.
 *
 * The last window whose first rows arrived stays on screen until the new one's arrive
 * (no flash on reload); `RowStore` tracks that and tells React when anything changed.
 */
import type { Page, Window } from '../gridApi.ts';
import type { GridRow, Row } from '../types.ts';
import { BLOCK_SIZE } from './blockSize.ts';

export { BLOCK_SIZE };

let seq = 0;
export const nextSeq = () => ++seq;

/** What the grid body reads. */
export interface RowWindow {
  readonly seq: number;
  /** The first rows (or a failure) arrived: `total` is known. */
  readonly settled: boolean;
  readonly total: number | null;
  /** false: the total is the server's estimate. */
  readonly totalExact: boolean;
  readonly error: unknown;
  /** Every row of the query is at hand (client model). */
  readonly complete: boolean;
  row(index: number): GridRow | undefined;
  /** Loads the blocks from..to (block indexes) when needed. */
  ensure(fromBlock: number, toBlock: number): void;
  /** The rows at hand, in order. */
  loadedRows(): GridRow[];
  /** Merges fields into the row with this id, wherever it is; false when it is not here. */
  patchById(id: string, fields: Row): boolean;
  /** The data of the row with this id, when it is here. */
  dataById(id: string): Row | undefined;
}

/**
 * A loaded block keeps its last row as the server sent it: the keyset of the next block
 * (edits do not move it). A loading block's `settled` resolves once it is loaded or failed.
 */
type Block = { status: 'loading'; settled: Promise<void> } | { status: 'loaded'; rows: GridRow[]; last: GridRow | undefined } | { status: 'error' };

export type FetchPage = (w: Window, prev: GridRow | undefined) => Promise<Page>;

export class RowGeneration implements RowWindow {
  readonly seq = nextSeq();
  total: number | null = null;
  totalExact = true;
  /** The first failure, if any (the grid toasts it once). */
  error: unknown = null;
  readonly complete = false;
  private blocks = new Map<number, Block>();
  private where = new Map<string, number>();

  constructor(
    private store: RowStore,
    private fetchPage: FetchPage,
    private rowId: (row: Row) => string,
    private onError: (e: unknown) => void,
    /** Rows known before the first block answers (a group's count). */
    expected?: number,
  ) {
    if (expected !== undefined) this.expected = expected;
  }

  private expected: number | null = null;

  get settled(): boolean {
    return this.total !== null;
  }

  /** The count to lay out before the first block answers. */
  get count(): number {
    return this.total ?? this.expected ?? 0;
  }

  row(index: number): GridRow | undefined {
    const b = this.blocks.get(Math.floor(index / BLOCK_SIZE));
    return b?.status === 'loaded' ? b.rows[index % BLOCK_SIZE] : undefined;
  }

  ensure(fromBlock: number, toBlock: number): void {
    const known = this.total ?? this.expected;
    const last = known === null ? toBlock : Math.min(toBlock, Math.ceil(known / BLOCK_SIZE) - 1);
    for (let b = Math.max(0, fromBlock); b <= last; b++) {
      if (this.blocks.has(b)) continue;
      this.load(b);
    }
  }

  /** Asks for the exact count (the first block again, counted exactly). */
  countExactly(): Promise<void> {
    return this.fetchPage({ startRow: 0, endRow: BLOCK_SIZE, count: 'exact' }, undefined).then((page) => {
      this.total = page.total;
      this.totalExact = true;
      this.store.changed();
    });
  }

  /**
   * Loads block b: by keyset after the block before it when that one is loaded or on its
   * way (scrolling forward: wait for it, then ask for the rows after its last one, which
   * costs what the first block costs at any depth); by offset after a jump.
   */
  private load(b: number): void {
    const before = this.blocks.get(b - 1);
    const next = () => this.fetchBlock(b);
    const settled = before?.status === 'loading' ? before.settled.then(next, next) : next();
    this.blocks.set(b, { status: 'loading', settled });
  }

  private fetchBlock(b: number): Promise<void> {
    const start = b * BLOCK_SIZE;
    const before = this.blocks.get(b - 1);
    const prev = before?.status === 'loaded' && before.rows.length === BLOCK_SIZE ? before.last : undefined;
    return this.fetchPage({ startRow: start, endRow: start + BLOCK_SIZE }, prev).then(
      (page) => {
        const rows = page.rows.map((data, i) => {
          const id = this.rowId(data);
          this.where.set(id, start + i);
          return { index: start + i, id, data };
        });
        this.blocks.set(b, { status: 'loaded', rows, last: rows[rows.length - 1] });
        this.totalExact = page.totalExact !== false;
        let total = page.total;
        // A short block is the end, whatever an estimate said; a full last block of an
        // estimate may have more behind it.
        if (rows.length < BLOCK_SIZE) total = start + rows.length;
        else if (!this.totalExact && total <= start + BLOCK_SIZE) total = start + BLOCK_SIZE + 1;
        this.total = total;
        this.store.loaded(this);
      },
      (e: unknown) => {
        this.blocks.set(b, { status: 'error' });
        this.error ??= e;
        if (this.total === null) this.total = 0;
        this.onError(e);
        this.store.loaded(this);
      },
    );
  }

  loadedRows(): GridRow[] {
    const out: GridRow[] = [];
    const keys = [...this.blocks.keys()].sort((a, b) => a - b);
    for (const k of keys) {
      const b = this.blocks.get(k)!;
      if (b.status === 'loaded') out.push(...b.rows);
    }
    return out;
  }

  dataById(id: string): Row | undefined {
    const index = this.where.get(id);
    if (index === undefined) return undefined;
    const r = this.row(index);
    return r?.id === id ? r.data : undefined;
  }

  patchById(id: string, fields: Row): boolean {
    const index = this.where.get(id);
    if (index === undefined) return false;
    const bi = Math.floor(index / BLOCK_SIZE);
    const b = this.blocks.get(bi);
    if (b?.status !== 'loaded') return false;
    const i = index % BLOCK_SIZE;
    const cur = b.rows[i];
    if (!cur || cur.id !== id) return false;
    const rows = b.rows.slice();
    rows[i] = { index, id, data: { ...cur.data, ...fields } };
    this.blocks.set(bi, { status: 'loaded', rows, last: b.last });
    this.store.changed();
    return true;
  }
}

/** Holds the windows of one grid and tells React when any of them changed. */
export class RowStore {
  private listeners = new Set<() => void>();
  private version = 0;
  /** The newest window whose first rows have answered. */
  lastSettled: RowWindow | null = null;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  getVersion = () => this.version;

  open(fetchPage: FetchPage, rowId: (row: Row) => string, onError: (e: unknown) => void, expected?: number): RowGeneration {
    return new RowGeneration(this, fetchPage, rowId, onError, expected);
  }

  /** A window answered; `quiet`: it did so while being created (nobody needs telling). */
  loaded(w: RowWindow, quiet = false): void {
    if (!this.lastSettled || w.seq > this.lastSettled.seq) this.lastSettled = w;
    if (!quiet) this.changed();
  }

  changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}

/** Rows per request when every row of a query is needed (delete or fill "all"). */
const COLLECT_WINDOW = 10_000;

/** Every row of a query, window after window (keyset when the order allows). */
export async function collectRows(fetch: FetchPage, onProgress?: (n: number) => void): Promise<Row[]> {
  const out: Row[] = [];
  let prev: GridRow | undefined;
  for (let start = 0; ; start += COLLECT_WINDOW) {
    const page = await fetch({ startRow: start, endRow: start + COLLECT_WINDOW }, prev);
    for (const r of page.rows) out.push(r);
    onProgress?.(out.length);
    if (page.rows.length < COLLECT_WINDOW) break;
    prev = { index: out.length - 1, id: '', data: page.rows[page.rows.length - 1]! };
  }
  return out;
}
