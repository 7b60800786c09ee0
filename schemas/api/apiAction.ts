/** api_action: the engine's actions on a form (list, filter, aggregate, set, add, delete, delete_preview, undo, redo) and the change log's labels. */
import * as v from 'valibot';
import { CONFIRMATIONS } from '../../src/core/confirmations.ts';
import { FilterModel, SortModel, serverSideRequestKeys } from '../agGrid.ts';
import { actions, defineAction } from './defineAction.ts';
import { lang, scalar } from './fields.ts';

export const ApiActionInput = v.strictObject({
  entity: v.pipe(v.string(), v.nonEmpty('entity is required'), v.maxLength(100)),
  action: v.picklist(actions, `action must be one of ${actions.join(', ')}`),
  payload: v.optional(v.unknown()),
  /**
   * What the user confirmed for this write (add, set, import of a form; core/confirmations.ts):
   * `below_min_margin` saves a selling price under the product's minimum margin, which is
   * otherwise refused with 409 `confirm_required` at the price.
   */
  confirm: v.optional(v.pipe(v.array(v.picklist(CONFIRMATIONS, `confirm takes ${CONFIRMATIONS.join(', ')}`)), v.maxLength(CONFIRMATIONS.length))),
});
export const ApiActionOutput = v.object({ data: v.unknown() });

// AG Grid's request shapes (sort and filter models, the server-side request): schemas/agGrid.ts.
export { ColumnFilter, ColumnVO, FilterCondition, FilterItem, FilterModel, SortModel, SortModelItem } from '../agGrid.ts';
/**
 * AG Grid's server-side (IServerSideGetRowsRequest) and infinite (IGetRowsParams) row-model
 * request, every part optional, plus our own keys below. Grouping and pivoting
 * (rowGroupCols, groupKeys, pivotCols, pivotMode) are refused by meaning (400
 * `unsupported`; groups come from `aggregate`); valueCols are checked and ignored (only
 * group rows carry aggregates).
 */
export const ListPayload = v.strictObject({
  startRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  endRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sortModel: v.optional(SortModel),
  filterModel: v.optional(v.nullable(FilterModel)),
  ...serverSideRequestKeys,
  /** Language of multi-language columns for filters and sort; default: the user's language. */
  language: v.optional(lang),
  /** Keyset window: the sort values of the last row already loaded (client passes them back). */
  after: v.optional(v.array(v.nullable(scalar))),
  /**
   * How `total` is counted: 'estimate' (default) answers the planner's estimate when it is
   * above 100,000 rows (`totalExact: false`), else counts exactly; 'exact' always counts. A
   * window that holds the end of the rows answers the exact total either way.
   */
  count: v.optional(v.picklist(['exact', 'estimate'], 'count must be exact or estimate')),
  /** Search lookups only (`source.search`): rows whose key or text columns contain every word, best matches first. */
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'search is at most 100 characters'))),
  /**
   * Where one row stands: its key (every key field) instead of a window. The answer is
   * `{position}`: the row's index in this order under these filters (0 = first), null when
   * no such row passes them.
   */
  locate: v.optional(v.record(v.string(), scalar)),
});
export const LocateOutput = v.object({ data: v.object({ position: v.nullable(v.number()) }) });
/**
 * A row of any form: its keys, columns and version by field. The row of each form, field
 * by field, is `components.schemas.FormRows.<form>` (codegen, from the descriptors).
 */
export const Row = v.record(v.string(), v.unknown());
/**
 * `filter`: column = value equalities (checked per column by the engine), with startRow,
 * endRow, sortModel, after, language and count of ListPayload beside them.
 */
export const FilterPayload = v.objectWithRest(
  {
    startRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    endRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    sortModel: v.optional(SortModel),
    language: v.optional(lang),
    after: v.optional(v.array(v.nullable(scalar))),
    count: v.optional(v.picklist(['exact', 'estimate'], 'count must be exact or estimate')),
  },
  v.unknown(),
);
export const ListOutput = v.object({
  data: v.object({
    rows: v.array(Row),
    total: v.number(),
    /** false when `total` is the planner's estimate (a large source, unless the payload asks `count: 'exact'`). */
    totalExact: v.boolean(),
  }),
});
export const DeletePayload = v.strictObject({ keys: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(10_000)) });
export const DeleteOutput = v.object({
  data: v.object({
    deleted: v.number(),
    /** The change-log rows of the deletes, one per row (undo them to put the rows back with what cascaded). */
    log_ids: v.optional(v.array(v.number())),
  }),
});
/**
 * `delete_preview` (payload `DeletePayload`, the delete permission): what a delete of these
 * keys would take, under the same company checks — how many rows, the first few of them
 * (display key and the value that names them, a multi-language object or a text), and
 * the rows the database's ON DELETE CASCADE keys would remove with them, counted per
 * screen that shows them (`form` null: a table no screen shows). `refused`: the delete would
 * be refused — still used elsewhere (`in_use`) or a rule of the record — with the code and
 * parameters the delete's own refusal would answer, so the question is not asked in vain.
 */
export const DeletePreviewOutput = v.object({
  data: v.object({
    count: v.number(),
    rows: v.array(v.object({ key: v.string(), name: v.unknown() })),
    dependents: v.array(v.object({ form: v.nullable(v.string()), count: v.number() })),
    refused: v.optional(v.object({ error: v.string(), params: v.record(v.string(), v.union([v.string(), v.number()])) })),
  }),
});

/** Id of a product_change_log row. */
const logId = v.pipe(v.number(), v.safeInteger('a log id must be an integer'), v.minValue(1, 'a log id must be positive'));
/** `set` of one row: the key, the row version and the changed editable fields (by form). */
export const SetPayload = v.record(v.string(), v.unknown());
/** `log_id`: the change's product_change_log id; none when the row already held the values. */
export const SetOutput = v.object({ data: v.object({ row: Row, log_id: v.optional(v.number()) }) });
/** `add`: the editable fields, and the key unless the database generates it (checked per form). */
export const AddPayload = v.record(v.string(), v.unknown());
/** The added row as the form reads it, and the change-log id of the add. */
export const AddOutput = v.object({ data: v.object({ row: Row, log_id: v.number() }) });
/** Most rows of one bulk set (paste, fill a selection). */
export const MAX_BULK_ROWS = 5_000;
/**
 * Bulk `set`: each row like a single set payload. One transaction, all or nothing; a
 * failing row is a 400/409 whose message starts with `payload.rows.<index>.`.
 */
export const BulkSetPayload = v.strictObject({
  rows: v.pipe(v.array(Row), v.minLength(1, 'rows must not be empty'), v.maxLength(MAX_BULK_ROWS, `at most ${MAX_BULK_ROWS} rows`)),
});
export const BulkSetOutput = v.object({
  data: v.object({ rows: v.array(Row), /** product_change_log ids, in the order of the rows that changed (a row already holding its values has none). */ log_ids: v.array(v.number()) }),
});
/**
 * `undo`: reverts the user's own `set` changes of this form (and company), newest first,
 * in one transaction; a field changed since → 409 `changed_since`, nothing reverted. Log
 * ids of the user's deletes put the deleted rows back with what cascaded (the delete
 * permission); a key taken since → 409 `restore_conflict`, nothing restored.
 * `redo` takes the same payload and answer: the log ids an undo answered (its reverts),
 * written again through the edit's own path (engine/redo.ts).
 */
export const UndoPayload = v.strictObject({
  log_ids: v.pipe(v.array(logId), v.minLength(1, 'log_ids must not be empty'), v.maxLength(MAX_BULK_ROWS, `at most ${MAX_BULK_ROWS} log ids`)),
});
export const UndoOutput = v.object({
  data: v.object({
    /** The current rows touched, newest change first. */
    rows: v.array(Row),
    /** The change-log rows of the reverts (undo them again to redo). */
    log_ids: v.array(v.number()),
  }),
});

export const aggregateFunctions = ['sum', 'avg', 'min', 'max', 'count'] as const;
/** Grouped counts and aggregates over the rows a list would answer (same filters, same company). */
export const AggregatePayload = v.strictObject({
  filterModel: v.optional(FilterModel),
  /** At most three columns; not multi-language or JSON columns. */
  groupBy: v.optional(v.pipe(v.array(v.string()), v.maxLength(3, 'groupBy takes at most 3 columns'))),
  /** Per column: sum and avg for numeric columns; min and max for any comparable column; count of non-empty values. */
  aggregates: v.optional(v.record(v.string(), v.pipe(v.array(v.picklist(aggregateFunctions, `an aggregate is one of ${aggregateFunctions.join(', ')}`)), v.minLength(1), v.maxLength(5)))),
  language: v.optional(lang),
});
/** Per column, the functions asked for: numbers (min and max of a date or text column: its text), null over no values. */
const aggregateValue = v.optional(v.nullable(v.union([v.number(), v.string()])));
export const AggregateValues = v.record(v.string(), v.object({ sum: aggregateValue, avg: aggregateValue, min: aggregateValue, max: aggregateValue, count: aggregateValue }));
export const AggregateGroup = v.object({
  key: v.record(v.string(), v.unknown()),
  count: v.number(),
  aggs: AggregateValues,
});
export const MAX_GROUPS = 1_000;
export const AggregateOutput = v.object({
  data: v.object({
    /** Sorted by key; empty without groupBy; at most 1,000 (then `truncated`). */
    groups: v.array(AggregateGroup),
    totals: v.object({ count: v.number(), aggs: AggregateValues }),
    truncated: v.boolean(),
  }),
});

/** The entries of one page: a grid window holds 100 rows. */
export const MAX_LABEL_ENTRIES = 500;
/** `change_labels` list: the change log entries (log ids) whose ref values are to be named. */
export const ChangeLabelsPayload = v.strictObject({
  log_ids: v.pipe(v.array(v.pipe(v.number(), v.safeInteger())), v.maxLength(MAX_LABEL_ENTRIES, `at most ${MAX_LABEL_ENTRIES} entries`)),
  language: v.optional(lang),
});
/** The texts of the entries' ref values: logged form → field → key → text (a key whose row is gone has none). */
export const ChangeLabelsOutput = v.object({ data: v.object({ labels: v.record(v.string(), v.record(v.string(), v.record(v.string(), v.string()))) }) });

export const changeLabelsActions = {
  change_labels: defineAction({
    entity: 'change_labels',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: ChangeLabelsPayload,
    output: ChangeLabelsOutput,
    summary: 'The texts of the ref values the change log entries name (only of forms the user may list).',
  }),
};
