/**
 * The client row model: every row in memory, sorted and filtered in the browser with the
 * server's semantics (clientQuery.ts). Built for 100,000 × 10:
 *
 * - rows are addressed by base index; a view is a Uint32Array of base indexes;
 * - sort keys are computed once per column (and language): numbers as they are, texts as
 *   ranks (one string sort per column in the language's collation, core/query/collation.ts,
 *   by primary keys where they decide, textOrder.ts; then every sort on it compares
 *   numbers); NULL sorts last both ways (radixSort.ts);
 * - the sorted order of a sort model is cached; a filter only walks the rows the previous
 *   filter kept when it narrows it (typing "ab" after "a");
 * - all of it runs time-sliced (scheduler.ts): no task comes near 50 ms;
 * - GridRow objects are made only for rows that are shown.
 */
import { compareCodePoints } from '../../../core/query/collation.ts';
import { kindOf } from '../../../core/query/kinds.ts';
import { isSetItem } from '../../../core/query/operators.ts';
import { collated, fullOrder, type SortItem } from '../../../core/query/order.ts';
import { filterText, lowerText, narrows, queryValue, textTest, valueTest, type QueryColumn } from './clientQuery.ts';
import type { FilterModel } from '../filters.ts';
import { equalsItem } from '../gridApi.ts';
import { RadixScratch, radixSortIndexes } from './radixSort.ts';
import { nextSeq, type RowStore } from './rowSource.ts';
import { Cancelled, ROW_STEP, STEP, chunks, nextTurn, runNow, runSliced, sliceDeadline, type Work } from './scheduler.ts';
import { matchText, textIndexWork, type TextIndex } from './textIndex.ts';
import { textOrder } from './textOrder.ts';
import { ClientView, type ClientQuery } from './ClientView.ts';
import { columnKey, FIXED, numberKeys, Shared, textRanks, unfixed } from './clientKeys.ts';
import type { Row } from '../types.ts';

export { ClientView, type ClientQuery };

export interface ClientModelOptions {
  columns: readonly QueryColumn[];
  keys: readonly string[];
  rowId(row: Row): string;
  /** The descriptor's order when the query gives none. */
  defaultSort?: readonly SortItem[] | undefined;
  /** Compute at once (tests). */
  sync?: boolean;
  /** Told when a view settles or rows change. */
  store?: Pick<RowStore, 'loaded' | 'changed'>;
}

/**
 * Work done before `open` returns (the rest is sliced): a view that finishes in it paints
 * with the click or key that asked for it; one that does not pays a few task hops and a
 * frame more. A filter of 100,000 rows (~10–15 ms) finishes in it; a first sort by a
 * column (~20–30 ms) may go on in slices. A 28 ms slice took the click's task to 49 ms:
 * the task around the slice (render, commit) must stay under 50 ms with room to spare.
 */
const FIRST_SLICE_MS = 20;
const LATER_SLICE_MS = 22;
/**
 * In an input task, the slice ends by the task's start + this (scheduler.ts sliceDeadline):
 * a header click's gesture spent 5–16 ms in its pointer handlers before the click, and
 * took the task to 59 ms with a plain 22 ms slice on a slow host. The task also holds
 * what came before its first event and the header's render after the slice: with 26 ms
 * here, click tasks took 29–41 ms on a slow host; with 16, 15–30 ms.
 */
const INPUT_TASK_BUDGET_MS = 16;
const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

export class ClientRowModel {
  readonly seq = nextSeq();
  readonly rows: Row[];
  /** Row ids by base index, made when first asked for (100,000 ids cost more than a first paint). */
  private idCache: (string | undefined)[] = [];
  private index: Map<string, number> | null = null;
  private cols: Map<string, QueryColumn>;
  /** Sort keys by `field|lang`. */
  private sortKeys = new Map<string, Float64Array>();
  /** Lower-cased texts by `field|lang` (text filters a text index cannot serve). */
  private texts = new Map<string, (string | null)[]>();
  /** Text indexes by `field|lang` (text filters; null: a value changes length when lower-cased). */
  private indexes = new Map<string, TextIndex | null>();
  /** Text indexes being built, by the same key: a filter and a prepare (prepareFilter) share one build. */
  private building = new Map<string, Shared<TextIndex | null>>();
  private orders = new Map<string, Uint32Array>();
  private lastFilter: { key: string; model: FilterModel; lang: string; fixed: string; idx: Uint32Array } | null = null;
  private identity: Uint32Array | null = null;
  private pending = new Map<string, number>();
  /** Lanes that have opened a view (their next views are interactions). */
  private opened = new Set<string>();
  private scratch = new RadixScratch();

  constructor(
    rows: readonly Row[],
    private opts: ClientModelOptions,
  ) {
    this.rows = rows.slice();
    this.cols = new Map(opts.columns.map((c) => [c.field, c]));
  }

  get size(): number {
    return this.rows.length;
  }

  /**
   * A view of a query. The work starts at once: what finishes within one slice settles
   * before this returns (first paint, small models); the rest continues time-sliced. A
   * newer view in the same `lane` cancels an older one still computing.
   */
  open(q: ClientQuery, lane = 'main'): ClientView {
    const view = new ClientView(this, q, this.opts.store);
    const ticket = (this.pending.get(lane) ?? 0) + 1;
    this.pending.set(lane, ticket);
    const work = this.compute(q);
    if (this.opts.sync) {
      view.settle(runNow(work), false);
      return view;
    }
    const deadline = sliceDeadline(this.opened.has(lane) ? LATER_SLICE_MS : FIRST_SLICE_MS, INPUT_TASK_BUDGET_MS);
    this.opened.add(lane);
    for (;;) {
      const r = work.next();
      if (r.done) {
        view.settle(r.value, false);
        return view;
      }
      if (now() >= deadline) break;
    }
    // The rest in tasks of its own: runSliced would run its first slice in this one.
    const cancelled = () => ticket !== this.pending.get(lane);
    nextTurn()
      .then(() => (cancelled() ? Promise.reject(new Cancelled()) : runSliced(work, { cancelled })))
      .then(
        // The rows re-render in a task of their own, not after the last slice of work.
        (v) => nextTurn().then(() => view.settle(v, true)),
        () => {
          /* replaced by a newer query */
        },
      );
    return view;
  }

  /** Synchronous query (tests, small models): the base indexes in view order. */
  query(q: ClientQuery): Uint32Array {
    return runNow(this.compute(q)) ?? this.all();
  }

  row(base: number): Row | undefined {
    return this.rows[base];
  }

  /** The id of the row at a base index. */
  idOf(base: number): string {
    let id = this.idCache[base];
    if (id === undefined) {
      id = this.opts.rowId(this.rows[base]!);
      this.idCache[base] = id;
    }
    return id;
  }

  indexOf(id: string): number | undefined {
    if (!this.index) {
      const map = new Map<string, number>();
      for (let i = 0; i < this.rows.length; i++) map.set(this.idOf(i), i);
      this.index = map;
    }
    return this.index.get(id);
  }

  /** Merges fields into a row; caches that read those fields are dropped. */
  patch(id: string, fields: Row): boolean {
    const i = this.indexOf(id);
    if (i === undefined) return false;
    this.rows[i] = { ...this.rows[i], ...fields };
    const touched = Object.keys(fields);
    const hit = (key: string) => touched.includes(key.slice(0, key.indexOf('|')));
    for (const k of [...this.sortKeys.keys()]) if (hit(k)) this.sortKeys.delete(k);
    for (const k of [...this.texts.keys()]) if (hit(k)) this.texts.delete(k);
    for (const k of [...this.indexes.keys()]) if (hit(k)) this.indexes.delete(k);
    for (const k of [...this.building.keys()]) if (hit(k)) this.building.delete(k);
    for (const k of [...this.orders.keys()]) if (touched.some((f) => k.includes(`"${f}"`))) this.orders.delete(k);
    if (this.lastFilter && touched.some((f) => f in this.lastFilter!.model || this.lastFilter!.fixed.includes(`"${f}"`))) this.lastFilter = null;
    this.opts.store?.changed();
    return true;
  }

  // ---- the work ------------------------------------------------------------------------

  /** The base indexes of a query in view order; null: every row in its own order. */
  private *compute(q: ClientQuery): Work<Uint32Array | null> {
    const filtered = yield* this.filter(q);
    const order = yield* this.order(q);
    if (!order) return filtered;
    if (!filtered) return order;
    if (filtered.length === 0) return filtered;
    // The sorted order, kept where the filter keeps the row.
    const keep = new Uint8Array(this.rows.length);
    yield* chunks(filtered.length, STEP * 4, (from, to) => {
      for (let i = from; i < to; i++) keep[filtered[i]!] = 1;
    });
    const out = new Uint32Array(filtered.length);
    let k = 0;
    yield* chunks(order.length, STEP * 4, (from, to) => {
      let kept = k;
      for (let i = from; i < to; i++) {
        const b = order[i]!;
        if (keep[b]) out[kept++] = b;
      }
      k = kept;
    });
    return out;
  }

  private all(): Uint32Array {
    if (!this.identity || this.identity.length !== this.rows.length) {
      this.identity = new Uint32Array(this.rows.length);
      for (let i = 0; i < this.identity.length; i++) this.identity[i] = i;
    }
    return this.identity;
  }

  private column(field: string, q: ClientQuery): QueryColumn {
    return (q.columns ?? this.cols).get(field) ?? { field, valueType: 'text' };
  }

  private *lowerTexts(col: QueryColumn, lang: string): Work<(string | null)[]> {
    const key = columnKey(col, lang);
    const hit = this.texts.get(key);
    if (hit) return hit;
    const n = this.rows.length;
    const out = new Array<string | null>(n);
    const rows = this.rows;
    yield* chunks(n, ROW_STEP, (from, to) => {
      for (let i = from; i < to; i++) out[i] = lowerText(queryValue(rows[i]!, col, lang));
    });
    this.texts.set(key, out);
    return out;
  }

  /** The text index of a column (textIndex.ts): what its text filters scan. */
  private *textIndex(col: QueryColumn, lang: string): Work<TextIndex | null> {
    const key = columnKey(col, lang);
    const hit = this.indexes.get(key);
    if (hit !== undefined) return hit;
    let b = this.building.get(key);
    if (!b) {
      const rows = this.rows;
      b = new Shared(textIndexWork(rows.length, (i) => filterText(queryValue(rows[i]!, col, lang))));
      this.building.set(key, b);
    }
    while (!b.step()) yield;
    // Not kept when a patch of the column replaced the build meanwhile.
    if (this.building.get(key) === b) {
      this.building.delete(key);
      this.indexes.set(key, b.value);
    }
    return b.value;
  }

  /**
   * Builds a column's text index in the background, time-sliced, ahead of its first
   * filter: the grid calls it when the column's filter input gets the focus, so the
   * filter typed there usually finds its index ready (a filter meanwhile shares the build).
   */
  prepareFilter(field: string, lang: string): void {
    const col = this.cols.get(field);
    if (!col || kindOf(col.valueType) !== 'text' || this.opts.sync) return;
    if (this.indexes.has(columnKey(col, lang))) return;
    // From a task of its own: the focus that asks for it stays a short task.
    void nextTurn()
      .then(() => runSliced(this.textIndex(col, lang)))
      .catch((e: unknown) => console.warn('grid: could not prepare the filter', e));
  }

  /** Whether a column's text sorts by the language's collation (core/query/order.ts; keys by code points): its ranks are the language's. */
  private collatedSort(col: QueryColumn): boolean {
    return !!col.sortText || collated(kindOf(col.valueType), this.opts.keys.includes(col.field));
  }

  /** Sort keys: numbers (dates as time, booleans 0/1) or text ranks; NULL = NULL_KEY. */
  private *keysOf(col: QueryColumn, lang: string): Work<Float64Array> {
    const label = col.sortText;
    const byCollation = this.collatedSort(col);
    const key = label ? `${col.field}|label|${lang}|${label.version()}` : byCollation ? `${col.field}|${lang}` : columnKey(col, lang);
    const hit = this.sortKeys.get(key);
    if (hit) return hit;
    const n = this.rows.length;
    const keys = new Float64Array(n);
    const kind = label ? 'text' : kindOf(col.valueType);
    if (kind === 'text' || kind === 'json') {
      const texts = new Array<string | null>(n);
      const rows = this.rows;
      yield* chunks(n, ROW_STEP, (from, to) => {
        for (let i = from; i < to; i++) {
          if (label) {
            // The shown text; no text (no value, or none found) sorts last as NULL does.
            const raw = rows[i]![col.field];
            texts[i] = raw === null || raw === undefined ? null : label.of(raw) || null;
            continue;
          }
          const v = queryValue(rows[i]!, col, lang);
          texts[i] = v === null ? null : typeof v === 'string' ? v : String(v);
        }
      });
      // Ranked once in the language's order (textOrder.ts: Intl.Collator's, by keys where it can), ties by code points.
      yield* textRanks(texts, keys, byCollation ? yield* textOrder(texts, lang) : (x, y) => compareCodePoints(texts[x]!, texts[y]!));
    } else {
      const rows = this.rows;
      yield* chunks(n, ROW_STEP, (from, to) => numberKeys(rows, col, lang, keys, from, to));
    }
    // One set of a looked-up column's text keys is kept: the older versions' go.
    if (label) for (const k of [...this.sortKeys.keys()]) if (k.startsWith(`${col.field}|label|`)) this.sortKeys.delete(k);
    this.sortKeys.set(key, keys);
    return keys;
  }

  /** The base indexes in the query's order; null when the query keeps the rows' own order. */
  private *order(q: ClientQuery): Work<Uint32Array | null> {
    const requested = q.sortModel.length ? q.sortModel : (this.opts.defaultSort ?? []);
    if (!requested.length) return null;
    // Ties: the server breaks them by the key. Rows kept in their given order (the
    // server's default order is the key's unless the descriptor has its own sort) need
    // no key sort for that: the radix sort keeps ties in base order.
    const order = this.opts.defaultSort?.length ? fullOrder(requested, undefined, this.opts.keys) : [...requested];
    const langKey = order.some((s) => this.column(s.colId, q).valueType === 'multi' || this.collatedSort(this.column(s.colId, q))) ? q.lang : '';
    // A looked-up column's texts have a version (a lookup that arrived reorders).
    const labels = order.map((s) => this.column(s.colId, q).sortText?.version() ?? '').join(',');
    const cacheKey = `${JSON.stringify(order)}|${langKey}|${labels}`;
    const hit = this.orders.get(cacheKey);
    if (hit) return hit;
    const keys: Float64Array[] = [];
    const dirs: number[] = [];
    for (const s of order) {
      keys.push(yield* this.keysOf(this.column(s.colId, q), q.lang));
      dirs.push(s.sort === 'desc' ? -1 : 1);
    }
    const sorted = yield* radixSortIndexes(this.rows.length, keys, dirs, this.scratch);
    this.orders.set(cacheKey, sorted);
    // A few orders at most (each is 4 bytes a row).
    if (this.orders.size > 6) this.orders.delete(this.orders.keys().next().value!);
    return sorted;
  }

  /** Base indexes (ascending) the filters keep; null when nothing filters. */
  private *filter(q: ClientQuery): Work<Uint32Array | null> {
    const model: FilterModel = { ...q.filterModel };
    if (q.fixed) for (const [f, v] of Object.entries(q.fixed)) model[FIXED + f] = { ...equalsItem(v) };
    const fields = Object.keys(model);
    if (!fields.length) return null;
    const usesLang = fields.some((f) => {
      const c = this.column(unfixed(f), q);
      return c.valueType === 'multi' || !!c.filterText;
    });
    const lang = usesLang ? q.lang : '';
    const key = `${JSON.stringify(model)}|${lang}`;
    const fixedKey = JSON.stringify(q.fixed ?? {});
    const last = this.lastFilter;
    if (last && last.key === key) return last.idx;

    // Rows the text indexes keep (masks, tested in a tight loop), then tests row by row.
    const masks: Uint8Array[] = [];
    const tests: ((i: number) => boolean)[] = [];
    for (const f of fields) {
      const field = unfixed(f);
      const col = this.column(field, q);
      const item = model[f]!;
      const isSet = isSetItem(item);
      const shown = col.filterText;
      if (shown && !isSet) {
        // Matched by the name the cell shows (a screen's title), as the server does.
        const t = textTest(item);
        const rows = this.rows;
        tests.push((i) => {
          const v = rows[i]![col.field];
          return t(v === null || v === undefined ? null : shown(v).toLowerCase());
        });
      } else if (kindOf(col.valueType) === 'text' && !isSet) {
        const ix = yield* this.textIndex(col, q.lang);
        if (ix) {
          masks.push(matchText(ix, item));
          yield;
        } else {
          const texts = yield* this.lowerTexts(col, q.lang);
          const t = textTest(item);
          tests.push((i) => t(texts[i]!));
        }
      } else {
        const t = valueTest(item, col.valueType);
        const rows = this.rows;
        tests.push((i) => t(queryValue(rows[i]!, col, q.lang)));
      }
    }
    const candidates = last && last.lang === lang && last.fixed === fixedKey && narrows(last.model, q.filterModel) ? last.idx : this.all();
    const out = new Uint32Array(candidates.length);
    let k = 0;
    const m = tests.length;
    const only = masks.length === 1 ? masks[0]! : null;
    // Row tests read row objects: smaller chunks then.
    yield* chunks(candidates.length, m ? ROW_STEP : STEP * 4, (from, to) => {
      let kept = k;
      for (let c = from; c < to; c++) {
        const i = candidates[c]!;
        let ok = true;
        if (only) ok = only[i] === 1;
        else for (let j = 0; j < masks.length && ok; j++) ok = masks[j]![i] === 1;
        for (let j = 0; j < m && ok; j++) ok = tests[j]!(i);
        if (ok) out[kept++] = i;
      }
      k = kept;
    });
    const idx = out.slice(0, k);
    this.lastFilter = { key, model: q.filterModel, lang, fixed: fixedKey, idx };
    return idx;
  }
}
