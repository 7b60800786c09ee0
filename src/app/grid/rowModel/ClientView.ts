/** A query of the client row model, and the view it settles into: rows by position (RowWindow). */
import type { QueryColumn } from './clientQuery.ts';
import type { FilterModel, SortItem } from '../filters.ts';
import { nextSeq, type RowStore, type RowWindow } from './rowSource.ts';
import type { GridRow, Row } from '../types.ts';

export interface ClientQuery {
  sortModel: readonly SortItem[];
  filterModel: FilterModel;
  /** Equality filters (a detail grid's fixed filter, a group's keys). */
  fixed?: Record<string, unknown> | undefined;
  lang: string;
  /**
   * The columns as this query reads them, by field, instead of the model's: a looked-up
   * column's sort text or an option column's filter text as of the grid's current texts.
   */
  columns?: ReadonlyMap<string, QueryColumn> | undefined;
}

/** What a view reads of its model (ClientRowModel, which opens it). */
export interface ClientRows {
  readonly size: number;
  readonly rows: readonly Row[];
  idOf(base: number): string;
  indexOf(id: string): number | undefined;
  patch(id: string, fields: Row): boolean;
}

/** A settled (or settling) view of a client model: rows by position. */
export class ClientView implements RowWindow {
  readonly seq = nextSeq();
  readonly totalExact = true;
  readonly error = null;
  readonly complete = true;
  private order: Uint32Array | null = null;
  private isSettled = false;
  private count = 0;
  private cache: (GridRow | undefined)[] = [];
  private resolveReady: () => void = () => {};
  /** Resolves when the view has settled. */
  readonly ready = new Promise<void>((r) => {
    this.resolveReady = r;
  });

  constructor(
    readonly model: ClientRows,
    readonly query: ClientQuery,
    private store?: Pick<RowStore, 'loaded' | 'changed'>,
  ) {}

  get settled(): boolean {
    return this.isSettled;
  }

  get total(): number | null {
    return this.isSettled ? this.count : null;
  }

  /** `notify`: tell the store's listeners (not while React renders the view's creation). */
  settle(order: Uint32Array | null, notify: boolean): void {
    this.order = order;
    this.count = order ? order.length : this.model.size;
    this.isSettled = true;
    this.cache = new Array(this.count);
    this.store?.loaded(this, !notify);
    this.resolveReady();
  }

  /** The base index of a position (null order: every row in its own order). */
  private base(index: number): number {
    return this.order ? this.order[index]! : index;
  }

  row(index: number): GridRow | undefined {
    if (!this.isSettled || index < 0 || index >= this.count) return undefined;
    const base = this.base(index);
    const data = this.model.rows[base]!;
    const hit = this.cache[index];
    if (hit && hit.data === data) return hit;
    const r: GridRow = { index, id: this.model.idOf(base), data };
    this.cache[index] = r;
    return r;
  }

  ensure(): void {}

  loadedRows(): GridRow[] {
    const out: GridRow[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.row(i)!;
    return out;
  }

  /** Ids in view order (select all, delete). */
  ids(): string[] {
    const out = new Array<string>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.model.idOf(this.base(i));
    return out;
  }

  patchById(id: string, fields: Row): boolean {
    return this.model.patch(id, fields);
  }

  dataById(id: string): Row | undefined {
    const i = this.model.indexOf(id);
    return i === undefined ? undefined : this.model.rows[i];
  }
}
