/**
 * What an AG Grid client sends in a list request: the fixed allow-list of keys, taken from
 * the types of ag-grid-community 36.2.0 (dist/types/src: interfaces/iSortModelItem.d.ts,
 * iServerSideDatasource.d.ts `IServerSideGetRowsRequest`, iDatasource.d.ts `IGetRowsParams`,
 * iColumnVO.d.ts, iSetFilter.d.ts, iMultiFilter.d.ts and filter/provided/** `*FilterModel`,
 * `ICombinedSimpleModel`). Every object is strict: a key AG Grid does not define is a 400
 * (`unknown_field`). Keys AG Grid defines whose meaning the server does not serve are
 * accepted here and refused by meaning where it matters (engine/agGrid.ts), so a request
 * never answers rows that ignore what it asked. Re-read these types on an AG Grid upgrade.
 */
import * as v from 'valibot';

const scalar = v.union([v.string(), v.number(), v.boolean()]);

/** SortModelItem: `type` is SortType ('default' | 'absolute'); AG Grid writes it on every item. */
export const SortModelItem = v.strictObject({
  colId: v.string(),
  sort: v.picklist(['asc', 'desc'], 'sort must be asc or desc'),
  type: v.optional(v.picklist(['default', 'absolute'], 'type must be default or absolute')),
});
export const SortModel = v.array(SortModelItem);

/**
 * The keys of one simple filter condition: Text/Number/BigInt/DateFilterModel
 * (`type`, `filter`, `filterTo`, `dateFrom`, `dateTo`; `type` may be null) and
 * SetFilterModel (`values`). `filterType` is ProvidedFilterModel's.
 */
const simpleFilterKeys = {
  filterType: v.optional(v.picklist(['text', 'number', 'bigint', 'date', 'set'])),
  type: v.optional(v.nullable(v.string())),
  filter: v.optional(v.nullable(scalar)),
  filterTo: v.optional(v.nullable(scalar)),
  dateFrom: v.optional(v.nullable(v.string())),
  dateTo: v.optional(v.nullable(v.string())),
  values: v.optional(v.array(v.nullable(scalar))),
};
/** One condition of a combined filter (ICombinedSimpleModel's `conditions`). */
export const FilterCondition = v.strictObject(simpleFilterKeys);
/** A column's simple filter, or ICombinedSimpleModel: `operator` over its `conditions`. */
const columnFilterKeys = {
  ...simpleFilterKeys,
  operator: v.optional(v.picklist(['AND', 'OR'], 'operator must be AND or OR')),
  conditions: v.optional(v.pipe(v.array(FilterCondition), v.maxLength(50, 'at most 50 conditions'))),
};
export const ColumnFilter = v.strictObject(columnFilterKeys);
/** A column's filter: the above, or IMultiFilterModel (`filterType: 'multi'`, child models, null when unused). */
export const FilterItem = v.strictObject({
  ...columnFilterKeys,
  filterType: v.optional(v.picklist(['text', 'number', 'bigint', 'date', 'set', 'multi'])),
  filterModels: v.optional(v.nullable(v.pipe(v.array(v.nullable(ColumnFilter)), v.maxLength(10, 'at most 10 filter models')))),
});
/** FilterModel: the filters by column id (IServerSideGetRowsRequest's may be null: no filter). */
export const FilterModel = v.record(v.string(), FilterItem);

/** ColumnVO of IServerSideGetRowsRequest (displayName may be null at run time). */
export const ColumnVO = v.strictObject({
  id: v.string(),
  displayName: v.optional(v.nullable(v.string())),
  field: v.optional(v.nullable(v.string())),
  aggFunc: v.optional(v.nullable(v.string())),
});

/**
 * IServerSideGetRowsRequest beyond startRow, endRow, sortModel and filterModel (which
 * IGetRowsParams of the infinite row model has too; its callbacks and `api` are not JSON).
 */
export const serverSideRequestKeys = {
  rowGroupCols: v.optional(v.array(ColumnVO)),
  valueCols: v.optional(v.array(ColumnVO)),
  pivotCols: v.optional(v.array(ColumnVO)),
  pivotMode: v.optional(v.boolean()),
  groupKeys: v.optional(v.array(v.string())),
};
