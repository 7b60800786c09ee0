/**
 * The query: the column state (sort, filters, grouping) as the list or aggregate request
 * the row sources answer (manual sorting, filtering and grouping: TanStack Table holds the
 * state, the server or the client row model does the work), the data key that reloads
 * everything, the rows (useRowModel.ts), the lookups and what the cells read, the
 * expanded groups, and the writes into the rows the grid holds.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { functionalUpdate, type ExpandedState, type Updater } from '@tanstack/react-table';
import { toast } from '../../../chrome/toasts.tsx';
import { useSession } from '../../../session/session.ts';
import { describeError } from '../../../api/said.ts';
import { toFilterModel, toSortModel } from '../../filters.ts';
import { fetchAhead, type Query } from '../../gridApi.ts';
import { BLOCK_SIZE } from '../../rowModel/blockSize.ts';
import type { ViewState } from '../../columnState.ts';
import { LookupStore } from '../../lookups.ts';
import { moneyView } from '../../moneyCurrency.ts';
import { RowStore } from '../../rowModel/rowSource.ts';
import type { Row } from '../../types.ts';
import { refreshed } from './refreshEpoch.ts';
import { useRowModel } from '../../rowModel/useRowModel.ts';
import type { GridQuery, QueryInput } from './query.types.ts';
import { cellContext, groupOrder } from './query.utils.ts';

/** A failed load says so once in this long (a scroll asks for many blocks). */
const ERROR_PAUSE_MS = 3000;
const NONE: Record<string, boolean> = {};

export function useGridQuery({ screen, model, vs, ready, rows, fixedFilter, reloadKey, cellSession, canDelete }: QueryInput): GridQuery {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const company = useSession((s) => s.company);

  const [tick, setTick] = useState(0);
  const sortModel = useMemo(() => toSortModel(vs.sorting), [vs.sorting]);
  const filterModel = useMemo(() => toFilterModel(vs.columnFilters, model.byField, lang, (c) => moneyView(c, cellSession)), [vs.columnFilters, model, lang, cellSession]);
  const filtersActive = Object.keys(filterModel).length > 0;
  const fixedKey = JSON.stringify(fixedFilter ?? null);
  // One object per fixed filter's content (the prop may be a new object each render).
  const fixed = useMemo(() => (JSON.parse(fixedKey) as Record<string, unknown> | null) ?? undefined, [fixedKey]);
  const query = useMemo<Query>(() => ({ form: screen.form, sortModel, filterModel, fixed, language: lang }), [screen.form, sortModel, filterModel, fixed, lang]);
  // Each new reload key counts once (adjusted while rendering: this render already uses the new count).
  const [reloadSeq, setReloadSeq] = useState({ key: reloadKey, n: 0 });
  let reloads = reloadSeq.n;
  if (reloadSeq.key !== reloadKey) {
    reloads++;
    setReloadSeq({ key: reloadKey, n: reloads });
  }
  const dataKey = JSON.stringify([company ?? null, fixedKey, tick, reloads]);
  const queryKey = JSON.stringify([query, dataKey]);
  // Refresh: the rows, and what the session kept beside them (the change log's texts: refreshEpoch.ts).
  const reload = useCallback(() => {
    refreshed();
    setTick((n) => n + 1);
  }, []);

  const [store] = useState(() => new RowStore());
  const [lookups] = useState(() => new LookupStore());
  // Subscriptions: windows answered or rows changed; a lookup arrived (re-render).
  useSyncExternalStore(store.subscribe, store.getVersion);
  const lookupVersion = useSyncExternalStore(lookups.subscribe, lookups.getVersion);

  const lastError = useRef(0);
  const onError = useCallback((e: unknown) => {
    const now = Date.now();
    if (now - lastError.current < ERROR_PAUSE_MS) return;
    lastError.current = now;
    toast({ variant: 'danger', id: 'messages.error_loading_data', values: { status: describeError(e) }, persistent: true });
  }, []);

  // The cells' context reads the lookups at a version: a new one when a lookup arrived (the
  // rows re-render and read its texts).
  const ctx = useMemo(() => ({ ...cellContext(intl, lang, lookups, company, cellSession, canDelete), lookupVersion }), [intl, lang, lookups, company, lookupVersion, cellSession, canDelete]);

  const grouping = vs.grouping;
  // Expanded groups stay through a new sort or filter (a group's id is its key path).
  const groupKey = JSON.stringify([screen.form, company ?? null, fixedKey, lang, grouping]);
  const order = useMemo(() => groupOrder(model, ctx, sortModel), [model, ctx, sortModel]);
  const [expandedState, setExpandedState] = useState<{ key: string; value: Record<string, boolean> }>({ key: '', value: NONE });
  const expanded = expandedState.key === groupKey ? expandedState.value : NONE;
  const setExpanded = useCallback(
    (u: Updater<ExpandedState>) =>
      setExpandedState((s) => {
        const next = functionalUpdate(u, s.key === groupKey ? s.value : NONE);
        return { key: groupKey, value: next === true ? NONE : next };
      }),
    [groupKey],
  );
  const toggleGroup = useCallback(
    (id: string) => setExpanded((old) => (old !== true && old[id] ? Object.fromEntries(Object.entries(old).filter(([k]) => k !== id)) : { ...(old === true ? {} : old), [id]: true })),
    [setExpanded],
  );
  const expandedSet = useMemo(() => new Set(Object.keys(expanded).filter((id) => expanded[id])), [expanded]);

  const rm = useRowModel({ model, store, query, dataKey, ready, rows, groupBy: grouping, groupOrder: order, expanded: expandedSet, onError });
  const display = rm.display;
  const main = rm.main;
  const queryTotal = main?.settled ? (main.total ?? 0) : (rm.shown?.total ?? 0);

  useEffect(() => {
    lookups.ensure(model.lookups, company);
  }, [lookups, model, company]);
  // Grouped: the main window still answers the total (one block).
  useEffect(() => {
    if (grouping.length) main?.ensure(0, 0);
  }, [main, grouping.length]);

  const patch = (id: string, fields: Row) => {
    if (rm.client) rm.client.patch(id, fields);
    for (const w of rm.windows()) if (!w.complete) w.patchById(id, fields);
  };
  // As `query` is made (above), for the state about to be rendered; only where that render
  // will fetch its first window from the server (not rows in memory, not groups).
  const ahead = (next: ViewState) => {
    if (rows || !ready || rm.client || next.grouping.length) return;
    const q: Query = {
      form: screen.form,
      sortModel: toSortModel(next.sorting),
      filterModel: toFilterModel(next.columnFilters, model.byField, lang, (c) => moneyView(c, cellSession)),
      fixed,
      language: lang,
    };
    if (JSON.stringify(q) !== JSON.stringify(query)) fetchAhead(q, { startRow: 0, endRow: BLOCK_SIZE });
  };
  const current = (id: string): Row | undefined => {
    for (const w of rm.windows()) {
      const d = w.dataById(id);
      if (d) return d;
    }
    return undefined;
  };

  return {
    lang,
    company,
    sortModel,
    filterModel,
    filtersActive,
    fixedKey,
    query,
    dataKey,
    queryKey,
    reload,
    store,
    lookups,
    ctx,
    rm,
    display,
    count: display.count,
    queryTotal,
    loadingFirst: !ready || !display.settled,
    expanded,
    setExpanded,
    toggleGroup,
    patch,
    current,
    ahead,
    onError,
  };
}
