/**
 * Which rows the grid shows, and from where:
 *
 * - a `rows` prop → the client row model over those rows;
 * - otherwise the server row model (RowGeneration: blocks on demand); when the first
 *   window of an unfiltered query says the source holds ≤ CLIENT_LIMIT rows, the rest is
 *   fetched once and the grid switches to the client row model (sort and filter in the
 *   browser, no more requests until a reload);
 * - grouped (`groupBy`): group rows from the aggregate (server, or computed in memory),
 *   and each expanded last-level group's rows as a window of its own.
 *
 * The result is a `DisplayModel`: a count and an item per position, for the virtualizer.
 */
import type { QueryColumn } from './clientQuery.ts';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { ClientRowModel, ClientView } from './ClientRowModel.ts';
import { loadClientModule, useClientModule, type ClientModule } from './clientModule.ts';
import type { GridModel } from '../columns.ts';
import { fullOrder, keysetAfter } from '../filters.ts';
import { aggregate, allFilters, fetchWindow, type AggResult, type Query } from '../gridApi.ts';
import type { GroupNode, GroupOrder, Segment } from './grouping.ts';
import { BLOCK_SIZE, type FetchPage, type RowStore, type RowWindow } from './rowSource.ts';
import { useKeyedAsync } from './useKeyedAsync.ts';
import type { GridRow, Row } from '../types.ts';

/** Sources up to this many rows are held in the browser. */
export const CLIENT_LIMIT = 2000;

/** The grouping code (grouping.ts): a chunk of its own, loaded with a grouped grid's first groups. */
type Grouping = typeof import('./grouping.ts');

export type DisplayItem = { kind: 'group'; node: GroupNode; expanded: boolean } | { kind: 'row'; row: GridRow | undefined; depth: number; win: RowWindow };

export interface DisplayModel {
  count: number;
  /** The first rows (or groups) arrived. */
  settled: boolean;
  /**
   * The view shown: the query (sort, filter, reload) of its rows, or of the groups. A small
   * source's rows moving into memory keep the view: nothing on screen changes then.
   */
  view: string | null;
  /** The row store's version it was made at (windows answered, rows changed): a new display then. */
  version: number;
  item(index: number): DisplayItem | null;
  /** Loads what positions from..to need. */
  ensure(from: number, to: number): void;
}

export interface RowModelInput {
  model: GridModel;
  store: RowStore;
  query: Query;
  /** Changes reload everything (company, reload button, outside reloads). */
  dataKey: string;
  ready: boolean;
  rows: readonly Row[] | undefined;
  groupBy: readonly string[];
  /** How the groups are ordered (grouping.ts); ascending by raw key without it. */
  groupOrder?: GroupOrder | undefined;
  expanded: ReadonlySet<string>;
  onError(e: unknown): void;
}

export interface RowModel {
  /** The window of the current query (may not have answered yet); null until ready. */
  main: RowWindow | null;
  /** What is on screen: the current window once it answered, else the last one that did. */
  shown: RowWindow | null;
  client: ClientRowModel | null;
  /** The columns with the texts they show now, for views opened on `client` elsewhere (totals): `ClientQuery.columns`. */
  texts: ReadonlyMap<string, QueryColumn> | undefined;
  display: DisplayModel;
  groups: { tree: GroupNode[]; truncated: boolean } | null;
  /** Every window holding rows now (patches go to all). */
  windows(): RowWindow[];
  /** The fetcher of a query's windows (keyset when possible); for collecting rows beyond the loaded ones. */
  fetchPage(q: Query): FetchPage;
}

const EMPTY_DISPLAY: DisplayModel = { count: 0, settled: false, view: null, version: 0, item: () => null, ensure: () => {} };
/** The groups could not be read: nothing to show (the failure was toasted). */
const FAILED_DISPLAY: DisplayModel = { ...EMPTY_DISPLAY, settled: true };

export function useRowModel(input: RowModelInput): RowModel {
  const { model, store, query, dataKey, ready, rows, groupBy, groupOrder, expanded, onError } = input;
  const queryKey = JSON.stringify([query, dataKey]);

  const makeClient = useCallback(
    (m: ClientModule, data: readonly Row[]) =>
      new m.ClientRowModel(data, { columns: [...m.queryColumns(model).values()], keys: model.keys, rowId: model.rowId, defaultSort: model.screen.source.sort, store }),
    [model, store],
  );

  // ---- client data: the prop, or a small source fetched whole (clientModule.ts) ------------
  const clientModule = useClientModule(!!rows);
  const propModel = useMemo(() => (rows && clientModule ? makeClient(clientModule, rows) : null), [rows, clientModule, makeClient]);
  const [fetched, setFetched] = useState<{ key: string; model: ClientRowModel; code: ClientModule } | null>(null);
  const client = propModel ?? (fetched?.key === dataKey ? fetched.model : null);
  // The columns as the client row model reads them (clientColumns.ts): with the texts they
  // show as of this group order (a lookup arrived, the language changed: new ones, with a
  // new version of their texts). Queries that read texts carry them (`columns`).
  const code = client && (propModel ? clientModule : fetched?.code);
  const texts = useMemo(() => code?.queryColumns(model, groupOrder), [code, model, groupOrder]);

  const fetchPage = useMemo(
    () =>
      (q: Query): FetchPage =>
      (w, prev) => {
        const order = fullOrder(q.sortModel, model.screen.source.sort, model.keys);
        const after = prev && w.startRow > 0 ? keysetAfter(prev.data, order, model.byField, q.language, model.keys) : undefined;
        return fetchWindow(q, after ? { ...w, after } : w);
      },
    [model],
  );

  // ---- the main window ---------------------------------------------------------------------
  // A generation per query key (the query, read from it, and the data key: a reload opens
  // a new one); rows handed in are never fetched (their model may still be loading).
  const gen = useMemo(
    () => (!ready || client || rows ? null : store.open(fetchPage((JSON.parse(queryKey) as [Query])[0]), model.rowId, onError)),
    [ready, client, rows, queryKey, store, fetchPage, model.rowId, onError],
  );
  // The shown texts are part of the query only where it sorts or filters by them: a lookup
  // that arrives then orders the rows again; other columns' texts change nothing.
  const viewTexts = texts && code?.textsRead(texts, query.sortModel, model.screen.source.sort, query.filterModel);
  const clientQuery = useMemo(
    () => ({ sortModel: query.sortModel, filterModel: query.filterModel, lang: query.language, columns: viewTexts }),
    [query.sortModel, query.filterModel, query.language, viewTexts],
  );
  const view: ClientView | null = useMemo(() => (client && ready ? client.open(clientQuery) : null), [client, ready, clientQuery]);
  const main: RowWindow | null = view ?? gen;
  // The query each window answers (the server window and its in-memory successor share
  // it): written once per window, when it first is the main one.
  const [viewOf] = useState(() => new WeakMap<RowWindow, string>());
  if (main && !viewOf.has(main)) viewOf.set(main, queryKey);

  // A small source: fetch the rest once, then work in memory. The generation belongs to
  // the query (and the data key); only its settling starts this.
  const genSettled = gen?.settled ?? false;
  const loadWhole = useEffectEvent((g: RowWindow, live: () => boolean) => {
    if (rows || g.error || Object.keys(query.filterModel).length) return;
    const total = g.total ?? 0;
    if (total > CLIENT_LIMIT || !g.totalExact) return;
    // The model's code loads while the rows do; without it the grid stays on the server model.
    const code = loadClientModule();
    const key = dataKey;
    const done = (data: Row[]) =>
      code.then(
        (m) => live() && setFetched({ key, model: makeClient(m, data), code: m }),
        (e: unknown) => console.warn('grid: the client row model did not load', e),
      );
    if (total <= BLOCK_SIZE) done(g.loadedRows().map((r) => r.data));
    else
      fetchWindow(query, { startRow: 0, endRow: total }).then(
        (p) => done(p.rows),
        (e: unknown) => console.warn('grid: could not load the whole source', e),
      );
  });
  useEffect(() => {
    if (!gen || !genSettled) return;
    let live = true;
    loadWhole(gen, () => live);
    return () => {
      live = false;
    };
  }, [gen, genSettled]);

  const shown: RowWindow | null = main ? (main.settled ? main : (store.lastSettled ?? main)) : null;

  // ---- groups --------------------------------------------------------------------------------
  const grouped = groupBy.length > 0 && ready;
  const aggKey = grouped ? JSON.stringify([queryKey, groupBy, client ? client.seq : 0, view ? 'client' : 'server']) : null;
  // The groups' counts: computed over the rows in memory (clientColumns.ts), or the aggregate action's.
  const groupCounts = (): Promise<AggResult> =>
    client && code && texts
      ? code.groupCounts(client, texts, query.filterModel, query.language, groupBy)
      : aggregate(query.form, { filterModel: allFilters(query), groupBy: [...groupBy], language: query.language }).catch((e: unknown) => {
          onError(e);
          throw e;
        });
  const { value: groupsAnswer, failed: aggFailed } = useKeyedAsync<{ g: Grouping; r: AggResult }>(aggKey, () => Promise.all([import('./grouping.ts'), groupCounts()]).then(([g, r]) => ({ g, r })));
  const g = groupsAnswer?.g;
  const aggResult = groupsAnswer?.r;
  const tree = useMemo(() => (groupsAnswer ? groupsAnswer.g.buildGroupTree(groupsAnswer.r.groups, groupBy, groupOrder) : null), [groupsAnswer, groupBy, groupOrder]);

  // Windows of expanded leaf groups, kept while the groups' query stays (a cache: a group
  // expanded again finds its window).
  const leaves = useMemo(() => ({ aggKey, windows: new Map<string, RowWindow>() }), [aggKey]);
  const leafWindows = useMemo(() => {
    const map = leaves.windows;
    if (!tree || !g) return map;
    const walk = (nodes: GroupNode[]) => {
      for (const n of nodes) {
        if (!expanded.has(n.id)) continue;
        if (n.children) walk(n.children);
        else if (!map.has(n.id)) {
          const q: Query = { ...query, filterModel: g.groupFilter(query.filterModel, n.keys) };
          map.set(
            n.id,
            client ? client.open({ sortModel: query.sortModel, filterModel: q.filterModel, lang: query.language, columns: texts }, n.id) : store.open(fetchPage(q), model.rowId, onError, n.count),
          );
        }
      }
    };
    walk(tree);
    return map;
  }, [leaves, tree, g, expanded, query, client, texts, store, fetchPage, model.rowId, onError]);

  // A new display when the windows answered or changed (the store's version).
  const rowsVersion = store.getVersion();
  const display = useMemo<DisplayModel>(() => {
    if (grouped) {
      if (!tree || !g) return aggFailed ? FAILED_DISPLAY : EMPTY_DISPLAY;
      const { segments, total } = g.flattenGroups(tree, expanded, (n) => {
        const w = leafWindows.get(n.id);
        return w?.total ?? n.count;
      });
      return groupedDisplay(g.locate, leaves.aggKey ?? '', rowsVersion, segments, total, expanded, leafWindows);
    }
    if (!shown || !main) return EMPTY_DISPLAY;
    const w = shown;
    const m = main;
    return {
      count: w.total ?? 0,
      settled: w.settled,
      view: viewOf.get(w) ?? null,
      version: rowsVersion,
      item: (i) => ({ kind: 'row', row: w.row(i), depth: 0, win: w }),
      // The current query loads (what is shown may still be the previous one's rows).
      ensure: (from, to) => m.ensure(Math.floor(Math.max(0, from) / BLOCK_SIZE), Math.floor(Math.max(0, to) / BLOCK_SIZE)),
    };
  }, [grouped, tree, g, aggFailed, expanded, leafWindows, leaves, shown, main, viewOf, rowsVersion]);

  const windows = () => {
    const out = new Set<RowWindow>();
    if (main) out.add(main);
    if (shown) out.add(shown);
    for (const w of leafWindows.values()) out.add(w);
    return [...out];
  };

  return { main, shown, client, texts, display, groups: tree ? { tree, truncated: !!aggResult?.truncated } : null, windows, fetchPage };
}

function groupedDisplay(
  locate: Grouping['locate'],
  view: string,
  version: number,
  segments: Segment[],
  total: number,
  expanded: ReadonlySet<string>,
  leaves: ReadonlyMap<string, RowWindow>,
): DisplayModel {
  return {
    count: total,
    settled: true,
    view,
    version,
    item(i) {
      const hit = locate(segments, i);
      if (!hit) return null;
      const s = hit.segment;
      if (s.kind === 'group') return { kind: 'group', node: s.node, expanded: expanded.has(s.node.id) };
      const w = leaves.get(s.node.id)!;
      return { kind: 'row', row: w.row(hit.offset), depth: s.node.depth + 1, win: w };
    },
    ensure(from, to) {
      for (const s of segments) {
        if (s.kind !== 'rows') continue;
        const end = s.start + s.length - 1;
        if (end < from || s.start > to) continue;
        const a = Math.max(from, s.start) - s.start;
        const b = Math.min(to, end) - s.start;
        leaves.get(s.node.id)?.ensure(Math.floor(a / BLOCK_SIZE), Math.floor(b / BLOCK_SIZE));
      }
    },
  };
}
