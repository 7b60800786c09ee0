/**
 * The server-side row model's block cache. One `RowGeneration` per query key (sort,
 * filters, company, language, reloads): blocks of BLOCK_SIZE rows fetched as the
 * virtualizer needs them, cached by block index. A new query key makes a new generation;
 * the last generation whose first block loaded stays on screen until the new one's
 * first block arrives (no flash on reload).
 */
import type { GridRow, Row } from './types.ts';

export const BLOCK_SIZE = 100;

export interface Page {
  rows: Row[];
  total: number;
}

type Block = { status: 'loading' } | { status: 'loaded'; rows: GridRow[] } | { status: 'error' };

let seq = 0;

export class RowGeneration {
  readonly seq = ++seq;
  total: number | null = null;
  /** The first failure, if any (the grid toasts it once). */
  error: unknown = null;
  private blocks = new Map<number, Block>();

  constructor(
    private store: RowStore,
    private fetchPage: (startRow: number, endRow: number) => Promise<Page>,
    private rowId: (row: Row) => string,
    private onError: (e: unknown) => void,
  ) {}

  /** The first block has answered (rows or failure): the total is known. */
  get settled(): boolean {
    return this.total !== null;
  }

  row(index: number): GridRow | undefined {
    const b = this.blocks.get(Math.floor(index / BLOCK_SIZE));
    return b?.status === 'loaded' ? b.rows[index % BLOCK_SIZE] : undefined;
  }

  /** Fetches the blocks from..to (block indexes) that are neither loaded nor loading. */
  ensure(fromBlock: number, toBlock: number): void {
    const last = this.total === null ? toBlock : Math.min(toBlock, Math.ceil(this.total / BLOCK_SIZE) - 1);
    for (let b = Math.max(0, fromBlock); b <= last; b++) {
      if (this.blocks.has(b)) continue;
      this.load(b);
    }
  }

  private load(b: number): void {
    this.blocks.set(b, { status: 'loading' });
    const start = b * BLOCK_SIZE;
    this.fetchPage(start, start + BLOCK_SIZE).then(
      (page) => {
        const rows = page.rows.map((data, i) => ({ index: start + i, id: this.rowId(data), data }));
        this.blocks.set(b, { status: 'loaded', rows });
        this.total = page.total;
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

  /** Ids of every loaded row. */
  loadedIds(): string[] {
    const out: string[] = [];
    for (const b of this.blocks.values()) if (b.status === 'loaded') for (const r of b.rows) out.push(r.id);
    return out;
  }

  /** Merges fields into a loaded row (when it is still the row with this id). */
  patch(index: number, id: string, fields: Row): boolean {
    const b = this.blocks.get(Math.floor(index / BLOCK_SIZE));
    if (b?.status !== 'loaded') return false;
    const i = index % BLOCK_SIZE;
    const cur = b.rows[i];
    if (!cur || cur.id !== id) return false;
    const rows = b.rows.slice();
    rows[i] = { index, id, data: { ...cur.data, ...fields } };
    this.blocks.set(Math.floor(index / BLOCK_SIZE), { status: 'loaded', rows });
    this.store.changed();
    return true;
  }
}

/** Holds the generations of one grid and tells React when any of them changed. */
export class RowStore {
  private listeners = new Set<() => void>();
  private version = 0;
  /** The newest generation whose first block has answered. */
  lastSettled: RowGeneration | null = null;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  getVersion = () => this.version;

  open(fetchPage: (startRow: number, endRow: number) => Promise<Page>, rowId: (row: Row) => string, onError: (e: unknown) => void): RowGeneration {
    return new RowGeneration(this, fetchPage, rowId, onError);
  }

  loaded(gen: RowGeneration): void {
    if (!this.lastSettled || gen.seq > this.lastSettled.seq) this.lastSettled = gen;
    this.changed();
  }

  changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}
