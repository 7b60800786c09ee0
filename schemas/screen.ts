/**
 * The schema of a screen descriptor: the single source of truth for what a
 * descriptor may say. Types come from it; codegen validates every file in
 * `screens/` against it and emits `screen.schema.json` from it.
 *
 * A descriptor states only what differs from the defaults below.
 */
import * as v from 'valibot';
import { columnTypes, type ColumnSpec, type ColumnType, type EditableInRule, type ScreenSpec } from '../src/core/descriptor.ts';
import { ROW_MARKERS, rowMarkerKeys } from '../src/core/rowMarkers.ts';
import { ROW_RULES, rowRuleNames } from '../src/core/validation/rowRules.ts';
import { namesOwnValues } from '../src/core/optionNames.ts';
import { EVENT_VARIANTS } from '../src/core/workflowActions.ts';

const identifier = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'a lower-case SQL identifier'));
const relation = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/, 'a schema-qualified relation such as app.v_products'));
const route = v.pipe(v.string(), v.regex(/^(\/[A-Za-z0-9_-]+)+$/, 'a path such as /products/brands'));

export type { ColumnType };

const widthPresets = [50, 100, 150, 200, 250] as const;

/**
 * The workflow states in which rows (a screen) or a field (a column) may be written: the
 * row's own state (`state_code` of a workflow screen), or with `parent` the state of the
 * master row of that form (a detail grid: its rows are added, changed and deleted only
 * while the master is in one of `states`). The server refuses any other write (409
 * `locked_in_state`, engine/stateLocks.ts); the grid shows such cells read-only with the
 * reason (core/stateLocks.ts, the one copy of the rule).
 */
export const EditableIn = v.strictObject({
  parent: v.optional(identifier),
  states: v.pipe(v.array(identifier), v.minLength(1)),
});
export type EditableInSpec = v.InferOutput<typeof EditableIn>;

export const Column = v.strictObject({
  /** Value type: drives SQL casts, validation, filters, renderers and editors. */
  type: v.optional(v.picklist(columnTypes), 'text'),
  /** Inline edit and add allowed (only these fields are ever written). */
  editable: v.optional(v.boolean(), false),
  /**
   * An editable column written only on add (a value fixed once the row exists: an order's
   * currency) or only on set (a status flag the row starts without: an order's `deleted`).
   */
  editableOn: v.optional(v.picklist(['add', 'set'])),
  /** Only in these workflow states (see EditableIn); add is not governed by the row's own state. */
  editableIn: v.optional(EditableIn),
  /** Must be present and non-empty on add; may not be cleared on set. */
  required: v.optional(v.boolean(), false),
  /** Bounds: numbers and dates (yyyy-MM-dd) by value. */
  min: v.optional(v.union([v.number(), v.string()])),
  max: v.optional(v.union([v.number(), v.string()])),
  /**
   * A rule of the value that reads another field of the row (core/validation/rowRules.ts):
   * `discountLimit` — an order line's discount at most its product's limit (the row's
   * `discount_limit`). The grid refuses such a value at the cell before saving; the
   * database keeps the rule for every writer.
   */
  rowRule: v.optional(v.picklist(rowRuleNames)),
  /** Text length bound (per language for multi). */
  maxLength: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Text pattern (regular expression source). */
  pattern: v.optional(v.string()),
  /**
   * What `pattern` allows, written with symbols every UI language reads ('A–Z a–z 0–9 . _ / -'):
   * a refusal then says "Allowed characters: A–Z a–z 0–9 . _ / -" in the user's language
   * (grid, form, paste, import), instead of an unexplained "invalid format".
   */
  patternHint: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(80))),
  /**
   * A text of a known form, checked and stored in its normal form by the one rule of it in
   * src/core: `email` — an account's e-mail address (core/email.ts: syntax, trimmed, NFC,
   * lower case), as the grid, form, paste and import write it and as sign-in finds it.
   */
  format: v.optional(v.picklist(['email'])),
  /**
   * The only allowed values (also the choices of a set filter, a form's select). Each is named
   * by the catalogue key `options.<optionsKey>.<value>` (core/optionNames.ts), in all seven
   * catalogues (codegen checks) — unless the column's renderer names its values itself
   * (`languageCode`, `screenTitle`).
   */
  options: v.optional(v.array(v.union([v.string(), v.number()]))),
  /**
   * The option set naming `options`' values: the field's name unless stated (`deriveScreen`).
   * Columns naming one set list the same values (codegen): a field whose values differ from
   * another screen's column of that name (an AI engine beside a translation engine) names a
   * set of its own here.
   */
  optionsKey: v.optional(identifier),
  /** What an add form starts with (the database's default, so an untouched form stores what SQL would). */
  default: v.optional(v.union([v.string(), v.number(), v.boolean()])),
  /**
   * What an add form starts with when it is the session's: today's date (a date column), the
   * company's currency (a text column). The database defaults the same when the value is left out.
   */
  defaultFrom: v.optional(v.picklist(['today', 'companyCurrency'])),
  /**
   * Money: the column of the same row holding the amount's currency code (a supplier's
   * price in USD); absent, amounts are in the company currency. Shown converted into the
   * view currency either way; no totals (the amounts are in several currencies).
   */
  currencyField: v.optional(identifier),
  /**
   * Money in the company currency converted from a document's own currency with the rates of
   * the document's day (issue 46): the json column of the same row holding the company's
   * rates on that day ({ currency: value of one unit in the company currency }). Its cells
   * are shown in the view currency with those rates, not today's, so they say what the
   * document's day gives; its totals, filters and a chart summing it read the company
   * currency (a sum over several days has no one day's rate).
   */
  ratesField: v.optional(identifier),
  /** Form name of the lookup source for ref columns (e.g. brands_brief). */
  lookup: v.optional(identifier),
  /**
   * A column that is not a ref but holds the key of another form's rows (an upload's
   * product): the form (one key, rows of a company). Every write checks the value names a
   * row of the session's company (engine/references.ts). Refs (their lookup) and a detail's
   * column named like its master's key need not say it: the engine knows those.
   */
  references: v.optional(identifier),
  /**
   * Show the label of another field (`fields.<label>`) where this column's own would read
   * ambiguously on the screen: brands' key column is 'ID', not a second 'Brand'.
   */
  label: v.optional(identifier),
  /**
   * The totals row's function for this column until the user picks one (sum when absent):
   * a percentage or a rate is averaged, not added up.
   */
  total: v.optional(v.picklist(['sum', 'avg', 'min', 'max'])),
  /** Registry keys of the browser runtime. */
  renderer: v.optional(v.string()),
  editor: v.optional(v.string()),
  width: v.optional(v.picklist(widthPresets)),
  pinned: v.optional(v.picklist(['left', 'right'])),
  hidden: v.optional(v.boolean(), false),
  sortable: v.optional(v.boolean(), true),
  filterable: v.optional(v.boolean(), true),
  /** Multi-language rich text (HTML): sanitized on save, edited with the rich-text editor. */
  html: v.optional(v.boolean(), false),
  /** Offered to the translate action (multi columns). */
  translate: v.optional(v.boolean(), false),
  /**
   * The group of fields this column belongs to (`basics`, `prices`, `logistics`…): a form of a
   * screen whose columns name groups shows one tab per group, in the order the groups first
   * appear, titled by the catalogue key `groups.<group>` (codegen checks all seven); columns
   * naming none join the first group. The grid ignores it (its column chooser lists every column).
   */
  group: v.optional(identifier),
});
export type ColumnInput = v.InferInput<typeof Column>;
export type ColumnMeta = v.InferOutput<typeof Column>;

export const SortItem = v.strictObject({ colId: identifier, sort: v.picklist(['asc', 'desc']) });

export const Source = v.strictObject({
  /** Table or view the rows are read from. */
  relation,
  /** Key column(s); rows are addressed by them in set and delete. */
  key: v.union([identifier, v.pipe(v.array(identifier), v.minLength(1))]),
  /** Table written by add/set/delete; absent means read-only. */
  write: v.optional(relation),
  /** The key is generated by the database on add (serial). */
  generatedKey: v.optional(v.boolean(), false),
  /** Column holding company_code: rows are limited to the verified company. */
  company: v.optional(identifier),
  /**
   * The written table holds the company column too (default). false: it does not (a
   * banner belongs to a shop of the company); writes are scoped through `relation`.
   */
  writeCompany: v.optional(v.boolean(), true),
  /**
   * Rows private to a user: the column (of the relation and of the written table) holding
   * the user id of the row's owner. A user lists, changes, exports and deletes only her own
   * rows; one holding the page's `perms` right (an administrator of the page) acts on all of
   * the company's (engine/owner.ts). Rows are made elsewhere (no add, no import).
   */
  owner: v.optional(identifier),
  /**
   * Rows that are companies (or belong to one) reached by the companies a user works in: the
   * column holding the company code. A user lists, changes, exports and deletes only the rows
   * of her companies (app.user_companies); a global administrator every row (engine/owner.ts).
   * Not imported. Unlike `company`, not the session's one company: the header's choices.
   */
  userCompanies: v.optional(identifier),
  /** Row version column for optimistic concurrency (written tables). */
  version: v.optional(identifier),
  /** Order when the request gives none; the key is always appended as tie-breaker. */
  sort: v.optional(v.array(SortItem)),
  /**
   * A lookup too large to load whole (products_brief): `list` answers at most 50 rows and
   * takes a `search` text; ref editors and form inputs search as the user types, and
   * grids resolve only the keys they show.
   */
  search: v.optional(v.boolean(), false),
  /**
   * A lookup whose rows form a tree (product categories): the column holding a row's
   * parent key. Its display text is then the path from the root ('Kitchen › Cutlery',
   * core/lookupDisplay.ts) in cells, copies, filters, sorts, exports and imports: a leaf
   * name alone may repeat under other parents.
   */
  parent: v.optional(identifier),
  /**
   * A write may change other rows of this screen (a trigger: ticking a shop's default
   * language unticks the old one). After a grid save the grid reads the rows it holds again,
   * in place (scroll, active cell and saves on their way stay). Only where needed: it costs
   * a read per save.
   */
  siblingWrites: v.optional(v.boolean(), false),
  /**
   * A parameterized source (a report over a chosen period): `relation` is a set-returning
   * SQL function called as relation(company, …these columns' values, in this order). A
   * parameter's value is the request's equality on its column (the `filter` action's object,
   * or a one-value set filter), checked by the column's type and options; absent, null.
   * The function returns the columns with the values it was given, so the ordinary filters
   * and the company scope apply to its rows as well. Read-only screens only.
   */
  params: v.optional(v.pipe(v.array(identifier), v.minLength(1), v.maxLength(4))),
});

export const Actions = v.strictObject({
  /** Add rows; a string names the form used to add. */
  add: v.optional(v.union([v.boolean(), identifier]), false),
  delete: v.optional(v.boolean(), false),
  /** Rows are added by uploading a file (POST /api/files/{form}); see src/server/http/files.ts. */
  upload: v.optional(v.boolean(), false),
  export: v.optional(v.boolean(), true),
  translate: v.optional(v.boolean(), false),
  /** Toolbar actions over the picked rows or the filter: registry keys of src/core/bulkActions.ts. */
  bulk: v.optional(v.array(identifier)),
});

/** A lucide icon's name (lucide-react's kebab-case names: codegen checks the icon exists). */
const iconName = v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a lucide icon name such as folder-tree'));

/**
 * A workflow type's definition (spec §4, §7), stated on the one screen whose page governs it:
 * the type's page is that screen's route, whose `events` right lets a user fire its events.
 * Names are catalogue keys by convention — the type `workflows.<type>.title`, a state
 * `workflows.<type>.states.<state>`, an event `workflows.<type>.events.<event>`, an event's
 * checkbox `workflows.<type>.checkboxes.<event>` — in all seven catalogues (codegen checks).
 * The seed writes it into a new database and the reference sync adds what an existing one
 * lacks (src/server/db/referenceSync.ts), names read from the catalogues then: afterwards they
 * are the users' (the /fsm screens). What entering a state does beyond the move is code
 * (src/server/workflow/onEnter.ts); an event that only moves needs none.
 */
export const WorkflowState = v.strictObject({
  /** The state a new record starts in: exactly one per type. */
  initial: v.optional(v.literal(true)),
  /** A state no event leaves: the scheduler stops its timeout and loop. */
  final: v.optional(v.literal(true)),
  /** Not offered as a filter of the records' lists. */
  filter: v.optional(v.literal(false)),
});
export const WorkflowEvent = v.strictObject({
  /** The button's style (its `bv_variant`). */
  variant: v.picklist(EVENT_VARIANTS),
  /** Its icon: any lucide icon by name (its `bv_icon`; the browser's map of them is generated, src/generated/eventIcons.ts). */
  icon: iconName,
  /** The confirmation offers a checkbox (`workflows.<type>.checkboxes.<event>`), sent as the trigger's `checkbox`. */
  checkbox: v.optional(v.literal(true)),
  /** The confirmation of one record asks for an e-mail body. */
  email: v.optional(v.literal(true)),
  /**
   * The confirmation of one record asks for a payment (amount, date, method), recorded on the
   * record's receivable instead of the move (server/workflow/payment.ts: sales orders); the
   * record moves when the payments settle it.
   */
  payment: v.optional(v.literal(true)),
});
export const WorkflowTransition = v.strictObject({
  event: identifier,
  /** The state(s) it leaves: one transition each, in this order. */
  from: v.union([identifier, v.pipe(v.array(identifier), v.minLength(1))]),
  to: identifier,
  /** Seconds after which the state entered fires the type's `timeoutEvent`. */
  timeout: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** false: never offered to users (the scheduler's timeout or loop fires it). */
  actions: v.optional(v.literal(false)),
  /** Shown as a button in the record's row, besides the menu. */
  button: v.optional(v.literal(true)),
});
export type WorkflowTransitionSpec = v.InferOutput<typeof WorkflowTransition>;

const chartKinds = ['bar', 'pareto', 'pie'] as const;
export type ChartKind = (typeof chartKinds)[number];

/**
 * A chart above a report's grid (src/app/reports/, ECharts in a chunk of its own): the
 * rows under the grid's current filters grouped by `category` (the `aggregate` action),
 * `agg` of `value` per group. bar: one bar per category in category order; pareto: bars by
 * value, largest first, with the cumulative percentage on a second axis and the 80 % mark;
 * pie: shares. `byParam`: the value column follows a parameter of the source (the measure
 * the rows are ranked by: { param: 'measure', values: { quantity: 'quantity' } }).
 */
export const Chart = v.strictObject({
  kind: v.picklist(chartKinds),
  category: identifier,
  value: v.optional(identifier),
  agg: v.optional(v.picklist(['sum', 'count']), 'sum'),
  byParam: v.optional(v.strictObject({ param: identifier, values: v.record(v.string(), identifier) })),
});
export type ChartSpec = v.InferOutput<typeof Chart>;

export const Screen = v.strictObject({
  /** api_action entity name; unique across screens. */
  form: identifier,
  /**
   * Route after the language prefix; absent for sub-grids and lookups. A page's screen at
   * `screens/<area>/<name>.ts` is `/<area>/<name>` unless it says otherwise (`deriveScreen`).
   */
  route: v.optional(route),
  /** The page whose permissions govern this form when it has no route of its own. */
  page: v.optional(route),
  /** 'authenticated': any signed-in user may list (lookups); otherwise page permissions. */
  access: v.optional(v.picklist(['page', 'authenticated']), 'page'),
  /** The menu area of the screen's page: its route's (or `page`'s) first segment unless it says otherwise (`deriveScreen`). */
  area: v.optional(identifier),
  /**
   * A routed screen's entry in the back-office menu (every routed screen has one: page access
   * is the menu tree, so a page without its row cannot be opened). `icon`: a lucide icon name;
   * `order`: its position among its parent's entries (the row's position, the hand-kept pages
   * of seed/menu.ts counted); `hidden`: a page of its own for its permission that the menu does
   * not show. The parent is the page its route lies under — the area (`/sales/cmr`), or another
   * page (`/shops/2frontendPages/colDefs`). Codegen gathers them into src/generated/menu.ts.
   */
  menu: v.optional(
    v.strictObject({
      icon: iconName,
      order: v.pipe(v.number(), v.integer(), v.minValue(1)),
      hidden: v.optional(v.literal(true)),
    }),
  ),
  /** Page frame: 'main' (header, menus), 'plain' (no chrome) or 'print' (A4 portrait document). */
  layout: v.optional(v.picklist(['main', 'plain', 'print']), 'main'),
  source: Source,
  /** Columns in display order; keys are field names of the relation. */
  columns: v.pipe(v.record(identifier, Column), v.minEntries(1, 'at least one column')),
  actions: v.optional(Actions, {}),
  /** Forms shown as detail grids of the selected row. */
  details: v.optional(v.array(identifier)),
  /**
   * Rows that are workflow records (spec §4): each row's actions as buttons, a toolbar menu
   * of the actions common to the picked rows, each fired through `trigger_fsms`. `type`: a
   * workflow type some descriptor defines (`states`, `events`, `transitions`: codegen checks). It adds the columns
   * carrying the instance, its actions (app.fsm_actions) and its state (WORKFLOW_COLUMNS,
   * `deriveScreen`): the relation must have them, the descriptor does not state them.
   * `buttons`: the width of the actions column (250), or false to keep it hidden (the
   * toolbar menu still offers the picked rows' actions). `card`: the columns a record's card
   * on the kanban board shows (default: the key).
   */
  workflow: v.optional(
    v.strictObject({
      type: identifier,
      buttons: v.optional(v.union([v.literal(false), v.picklist(widthPresets)])),
      card: v.optional(v.pipe(v.array(identifier), v.minLength(1), v.maxLength(4))),
      /**
       * The type's definition (WorkflowState, WorkflowEvent, WorkflowTransition), on the one
       * screen whose page governs it; other screens of the type name only `type`.
       */
      states: v.optional(v.record(identifier, WorkflowState)),
      events: v.optional(v.record(identifier, WorkflowEvent)),
      /** In the order the records' actions are offered. */
      transitions: v.optional(v.array(WorkflowTransition)),
      /** The event a state's `timeout` fires (the scheduler's). */
      timeoutEvent: v.optional(identifier),
      /** The event fired every `interval` seconds on a record not in a final state (the scheduler's). */
      loop: v.optional(v.strictObject({ event: identifier, interval: v.pipe(v.number(), v.integer(), v.minValue(60)) })),
    }),
  ),
  /** Rows are added, changed and deleted only in these workflow states (EditableIn). */
  editableIn: v.optional(EditableIn),
  /** Row markers (spec §4, src/core/rowMarkers.ts): each reads a column the screen must have. */
  markers: v.optional(v.array(v.picklist(rowMarkerKeys))),
  /** A chart of the rows the grid shows (reports). */
  chart: v.optional(Chart),
});

/** The columns a workflow screen's rows carry, with their types, in the order `workflow` adds them. */
const WORKFLOW_COLUMNS = { fsm_instance_id: 'int', fsm_actions: 'json', state_code: 'text' } as const;

export type ScreenInput = v.InferInput<typeof Screen>;
export type ScreenDescriptor = v.InferOutput<typeof Screen>;

/** Core reads descriptors by the shapes it states (core/descriptor.ts); this schema's types have them. */
type Has<T extends Shape, Shape> = T;
export type DescriptorShapes = [Has<EditableInSpec, EditableInRule>, Has<ColumnMeta, ColumnSpec>, Has<ScreenDescriptor, ScreenSpec>];

/** Identity with types: a descriptor file's only import. */
export function defineScreen<const S extends ScreenInput>(screen: S): S {
  return screen;
}

/** Whether a text matches a pattern; an invalid pattern is reported on its own. */
function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return true;
  }
}

/** Why a column's `default` cannot be a value of the column (its type, options and bounds), or null. */
function defaultProblem(c: ColumnMeta): string | null {
  const d = c.default;
  const got = `got ${JSON.stringify(d)}`;
  switch (c.type) {
    case 'bool':
      if (typeof d !== 'boolean') return `expected true or false, ${got}`;
      break;
    case 'int':
    case 'number':
    case 'money':
      if (typeof d !== 'number' || !Number.isFinite(d) || (c.type === 'int' && !Number.isSafeInteger(d))) return `expected ${c.type === 'int' ? 'an integer' : 'a number'}, ${got}`;
      if ((typeof c.min === 'number' && d < c.min) || (typeof c.max === 'number' && d > c.max)) return `expected a value within min and max, ${got}`;
      break;
    case 'date':
      if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d) || new Date(`${d}T00:00:00Z`).getUTCDate() !== Number(d.slice(8))) {
        return `expected a date yyyy-MM-dd, ${got}`;
      }
      break;
    case 'text':
    case 'datetime':
      if (typeof d !== 'string') return `expected a text, ${got}`;
      if (c.maxLength && d.length > c.maxLength) return `expected at most ${c.maxLength} characters, ${got}`;
      if (c.pattern && !safeTest(c.pattern, d)) return `expected a text matching pattern, ${got}`;
      break;
    case 'ref':
      if (typeof d !== 'string' && typeof d !== 'number') return `expected a key of the lookup, ${got}`;
      break;
    default:
      return `expected no default on a ${c.type} column`;
  }
  if (c.options && !c.options.includes(d as string | number)) return `expected one of the options, ${got}`;
  return null;
}

const numericTypes: readonly ColumnType[] = ['int', 'number', 'money'];

/** Why a chart cannot be drawn from the screen's columns (codegen stops on any). */
function chartProblems(s: ScreenDescriptor, chart: ChartSpec): string[] {
  const out: string[] = [];
  const cat = s.columns[chart.category];
  // A ref's keys would be drawn as keys: a report's view carries the looked-up text (a brand's name) to group by.
  if (!cat || ['json', 'multi', 'bool', 'ref'].includes(cat.type)) out.push(`chart.category: expected a column to group by (not json, multi, bool or ref), got "${chart.category}"`);
  const valueProblem = (at: string, f: string | undefined) => {
    const c = f === undefined ? undefined : s.columns[f];
    if (!c || !numericTypes.includes(c.type) || c.lookup || c.renderer === 'identifier') out.push(`${at}: expected a numeric column, got "${f ?? ''}"`);
    else if (c.currencyField) out.push(`${at}: expected amounts in one currency (no currencyField), got "${f ?? ''}"`);
  };
  if (chart.agg === 'sum') valueProblem('chart.value', chart.value);
  else if (chart.value !== undefined) out.push('chart.value: expected no value column for a count');
  if (chart.byParam) {
    const { param, values } = chart.byParam;
    const options = s.columns[param]?.options;
    if (!s.source.params?.includes(param) || !options) out.push(`chart.byParam.param: expected a parameter of the source with options, got "${param}"`);
    for (const [k, f] of Object.entries(values)) {
      if (options && !options.includes(k)) out.push(`chart.byParam.values.${k}: expected an option of ${param}`);
      valueProblem(`chart.byParam.values.${k}`, f);
    }
    if (chart.agg !== 'sum') out.push('chart.byParam: expected agg sum');
  }
  return out;
}

type WorkflowSpec = NonNullable<ScreenDescriptor['workflow']>;

/** Whether the screen states its workflow type's definition (it then is the type's page). */
export const definesWorkflow = (w: WorkflowSpec | undefined): w is WorkflowSpec & Required<Pick<WorkflowSpec, 'states' | 'events' | 'transitions'>> =>
  !!w && w.states !== undefined && w.events !== undefined && w.transitions !== undefined;

/** The transitions one per state left, in order (a transition's `from` may name several). */
export const transitionsOf = (transitions: readonly WorkflowTransitionSpec[]): (WorkflowTransitionSpec & { from: string })[] =>
  transitions.flatMap((t) => [t.from].flat().map((from) => ({ ...t, from })));

/** Why a workflow definition cannot be written (codegen stops on any). */
function workflowProblems(w: WorkflowSpec, route: string | undefined): string[] {
  const parts = (['states', 'events', 'transitions'] as const).filter((k) => w[k] !== undefined);
  const scheduled = w.timeoutEvent !== undefined || w.loop !== undefined;
  if (!parts.length && !scheduled) return [];
  if (!definesWorkflow(w)) return [`workflow: expected states, events and transitions together (the type's definition), got ${parts.join(', ') || 'a timeout or loop alone'}`];
  const out: string[] = [];
  if (!route) out.push("workflow: expected a routed screen to define its type (the route is the type's page)");
  const initial = Object.entries(w.states).filter(([, st]) => st.initial);
  if (initial.length !== 1) out.push(`workflow.states: expected exactly one initial state, got ${initial.length}`);
  for (const [i, t] of w.transitions.entries()) {
    if (!(t.event in w.events)) out.push(`workflow.transitions.${i}.event: expected an event of workflow.events, got "${t.event}"`);
    for (const st of [t.from, t.to].flat()) if (!(st in w.states)) out.push(`workflow.transitions.${i}: expected states of workflow.states, got "${st}"`);
  }
  const seen = new Set<string>();
  for (const t of transitionsOf(w.transitions)) {
    const k = `${t.event} ${t.from}`;
    if (seen.has(k)) out.push(`workflow.transitions: expected one transition per event and state, got ${t.event} from ${t.from} twice`);
    seen.add(k);
  }
  if (w.timeoutEvent !== undefined && !(w.timeoutEvent in w.events)) out.push(`workflow.timeoutEvent: expected an event of workflow.events, got "${w.timeoutEvent}"`);
  if (w.loop && !(w.loop.event in w.events)) out.push(`workflow.loop.event: expected an event of workflow.events, got "${w.loop.event}"`);
  return out;
}

/** A descriptor file's place: `screens/<area>/<name>.ts` (relative to the project, as codegen and the registry name it). */
const PLACE = /^screens\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)\.ts$/;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The workflow's columns (WORKFLOW_COLUMNS) as a screen shows them: the instance and the
 * state hidden, the actions as the row's buttons (set here: no runtime rule), `buttons` wide
 * or hidden.
 */
const workflowColumns = (buttons: unknown): Record<keyof typeof WORKFLOW_COLUMNS, Record<string, unknown>> => ({
  fsm_instance_id: { type: 'int', hidden: true },
  fsm_actions: { type: 'json', renderer: 'fsmActions', sortable: false, filterable: false, ...(buttons === false ? { hidden: true } : { width: buttons ?? 250 }) },
  state_code: { hidden: true },
});

/**
 * What a descriptor leaves to be derived, filled in before the schema reads it — the one
 * place codegen, the server (engine/screens.ts) and thereby the app (src/generated/screens/)
 * get it from. Each is stated once: restating a derived value is an error (`parseScreen`).
 * - Its file (`file` as codegen names it): a screen of page access at
 *   `screens/<area>/<name>.ts` that names no other page (`page`: a sub-grid) is the page
 *   `/<area>/<name>` unless its `route` says otherwise; a page's screen lies in the area its
 *   route's or page's first segment names (a sub-grid filed elsewhere — a category's
 *   positions, in shops/ — is in its page's) unless its `area` says otherwise.
 * - Its option columns' `optionsKey`: the field's name (core/optionNames.ts names each value
 *   `options.<optionsKey>.<value>`), unless the column's renderer names its values itself.
 * - Its `workflow`: the workflow's columns (`workflowColumns`), after `fsm_reference` (the
 *   record's reference) when the screen has it, else after its key.
 */
function deriveScreen(input: unknown, file: string): { input: unknown; problems: string[] } {
  if (!isRecord(input)) return { input, problems: [] };
  const d = input;
  const out = { ...d };
  const problems: string[] = [];
  const at = PLACE.exec(file);
  if (at) {
    const pageAccess = d.access === undefined || d.access === 'page';
    if (pageAccess && d.page === undefined) {
      const path = `/${at[1]}/${at[2]}`;
      if (d.route === path) problems.push(`route: expected no route (the file's path says ${path}), got "${path}"`);
      out.route ??= path;
    }
    const governing = out.route ?? out.page;
    if (typeof governing === 'string') {
      const area = governing.split('/')[1];
      if (d.area === area) problems.push(`area: expected no area (the page ${governing} says ${area}), got "${area}"`);
      out.area ??= area;
    }
  }
  if (isRecord(d.columns)) {
    const columns: Record<string, unknown> = {};
    for (const [f, c] of Object.entries(d.columns)) {
      if (!isRecord(c) || !Array.isArray(c.options) || namesOwnValues(typeof c.renderer === 'string' ? c.renderer : undefined)) {
        columns[f] = c;
        continue;
      }
      if (c.optionsKey === f) problems.push(`columns.${f}.optionsKey: expected no optionsKey (the field's name names its option set), got "${f}"`);
      columns[f] = { ...c, optionsKey: c.optionsKey ?? f };
    }
    out.columns = columns;
  }
  if (isRecord(d.workflow) && isRecord(out.columns)) {
    const columns = out.columns;
    const stated = Object.keys(WORKFLOW_COLUMNS).filter((f) => f in columns);
    for (const f of stated) problems.push(`columns.${f}: expected no ${f} (the workflow adds it), got one`);
    if (!stated.length) {
      const key = isRecord(d.source) ? d.source.key : undefined;
      const anchor = 'fsm_reference' in columns ? 'fsm_reference' : [key].flat().findLast((k) => typeof k === 'string' && k in columns);
      const added = workflowColumns(d.workflow.buttons);
      const entries = Object.entries(columns);
      const i = entries.findIndex(([f]) => f === anchor) + 1;
      out.columns = Object.fromEntries([...entries.slice(0, i), ...Object.entries(added), ...entries.slice(i)]);
    }
  }
  return { input: out, problems };
}

/**
 * Parses a descriptor, applying what it leaves to be derived (`deriveScreen`: `file` as
 * codegen names it, `screens/<area>/<name>.ts`), defaults and cross-field rules; throws with
 * readable issues.
 */
export function parseScreen(raw: unknown, file = '<descriptor>'): ScreenDescriptor {
  const { input, problems: derived } = deriveScreen(raw, file);
  const r = v.safeParse(Screen, input);
  if (!r.success) {
    throw new Error(r.issues.map((i) => `${file}: ${v.getDotPath(i) ?? '(root)'}: ${i.expected ? `expected ${i.expected}, got ${i.received}` : i.message}`).join('\n'));
  }
  const s = r.output;
  const problems: string[] = [...derived];
  const keys = Array.isArray(s.source.key) ? s.source.key : [s.source.key];
  for (const k of keys) if (!(k in s.columns)) problems.push(`source.key: expected a column, got "${k}"`);
  for (const [f, c] of Object.entries(s.columns)) {
    if (c.editable && !s.source.write) problems.push(`columns.${f}.editable: expected source.write for an editable column`);
    if (c.type === 'ref' && !c.lookup) problems.push(`columns.${f}.lookup: expected a lookup form for a ref column`);
    if (c.references !== undefined && c.type === 'ref') problems.push(`columns.${f}.references: expected a column that is not a ref (a ref's lookup is what it references)`);
    if (c.html && c.type !== 'multi') problems.push(`columns.${f}.html: expected a multi column, got ${c.type}`);
    if (c.currencyField !== undefined) {
      if (c.type !== 'money') problems.push(`columns.${f}.currencyField: expected a money column, got ${c.type}`);
      // The currency's code: a text, or a ref to the currencies (currencies_brief).
      const cur = s.columns[c.currencyField];
      if (cur?.type !== 'text' && cur?.type !== 'ref') problems.push(`columns.${f}.currencyField: expected a text or ref column of the screen, got "${c.currencyField}"`);
    }
    if (c.ratesField !== undefined) {
      if (c.type !== 'money' || c.currencyField !== undefined) problems.push(`columns.${f}.ratesField: expected a money column in the company currency (no currencyField), got ${c.type}`);
      if (s.columns[c.ratesField]?.type !== 'json') problems.push(`columns.${f}.ratesField: expected a json column of the screen, got "${c.ratesField}"`);
    }
    if ((c.editableOn || c.editableIn) && !c.editable) problems.push(`columns.${f}: expected editable beside editableOn/editableIn`);
    if (c.defaultFrom === 'today' && c.type !== 'date') problems.push(`columns.${f}.defaultFrom: expected a date column for today, got ${c.type}`);
    if (c.defaultFrom === 'companyCurrency' && c.type !== 'text' && c.type !== 'ref')
      problems.push(`columns.${f}.defaultFrom: expected a text or ref column for the company's currency, got ${c.type}`);
    if (c.defaultFrom && c.default !== undefined) problems.push(`columns.${f}: expected default or defaultFrom, not both`);
    if (c.editableIn && !c.editableIn.parent && !s.workflow) problems.push(`columns.${f}.editableIn: expected a workflow screen (the row's own state) or parent`);
    const badDefault = c.default === undefined ? null : defaultProblem(c);
    if (badDefault) problems.push(`columns.${f}.default: ${badDefault}`);
    if (c.rowRule && !(ROW_RULES[c.rowRule].reads in s.columns)) problems.push(`columns.${f}.rowRule: "${c.rowRule}" reads the column ${ROW_RULES[c.rowRule].reads}, which the screen does not have`);
    if (c.optionsKey !== undefined && (!c.options || namesOwnValues(c.renderer)))
      problems.push(`columns.${f}.optionsKey: expected options named by the catalogue (a renderer naming its values needs none), got "${c.optionsKey}"`);
    if (c.format && c.type !== 'text') problems.push(`columns.${f}.format: expected a text column, got ${c.type}`);
    if (c.patternHint !== undefined && !c.pattern) problems.push(`columns.${f}.patternHint: expected a pattern beside it`);
    if (c.pattern) {
      try {
        new RegExp(c.pattern);
      } catch {
        problems.push(`columns.${f}.pattern: expected a regular expression, got "${c.pattern}"`);
      }
    }
  }
  for (const [i, o] of (s.source.sort ?? []).entries()) {
    const c = s.columns[o.colId];
    if (!c) problems.push(`source.sort.${i}.colId: expected a column, got "${o.colId}"`);
    else if (!c.sortable || c.type === 'json') problems.push(`source.sort.${i}.colId: column "${o.colId}" cannot be sorted`);
  }
  if ((s.actions.add || s.actions.delete) && !s.source.write) problems.push('actions: expected source.write for add/delete');
  if (s.source.owner && (s.actions.add || s.actions.upload)) problems.push('source.owner: expected no add or upload (private rows are made by their own path, with their owner)');
  if (s.source.userCompanies && (s.source.owner || s.source.company || s.access === 'authenticated')) {
    problems.push('source.userCompanies: expected page access and neither source.owner nor source.company (one scope of rows)');
  }
  if (s.source.owner && s.access === 'authenticated') problems.push("source.owner: expected page access (the page's perms right lifts the owner scope)");
  if (s.source.search && !Object.values(s.columns).some((c) => c.type === 'text' || c.type === 'multi')) {
    problems.push('source.search: expected a text or multi column to search in');
  }
  if (s.source.parent !== undefined && (!(s.source.parent in s.columns) || keys.length !== 1 || s.source.search)) {
    problems.push(`source.parent: expected a column of a one-key lookup that is not searched, got "${s.source.parent}"`);
  }
  if (s.source.siblingWrites && !s.source.write) problems.push('source.siblingWrites: expected source.write (a screen that writes)');
  if (s.workflow) for (const f of s.workflow.card ?? []) if (!(f in s.columns)) problems.push(`workflow.card: expected a column, got "${f}"`);
  if (s.workflow) problems.push(...workflowProblems(s.workflow, s.route));
  for (const m of s.markers ?? []) {
    const field = ROW_MARKERS[m];
    if (!(field in s.columns)) problems.push(`markers: "${m}" reads the column ${field}, which the screen does not have`);
  }
  for (const [i, f] of (s.source.params ?? []).entries()) {
    const c = s.columns[f];
    if (!c || !['text', 'int', 'number', 'date'].includes(c.type)) problems.push(`source.params.${i}: expected a text, int, number or date column, got "${f}"`);
  }
  if (s.source.params) {
    if (s.source.write) problems.push('source.params: expected a read-only screen (no source.write)');
    if (!s.source.company) problems.push("source.params: expected source.company (the function is called with the session's company)");
    // A ref column's label join names the relation, which is a function call here.
    for (const [f, c] of Object.entries(s.columns)) if (c.type === 'ref') problems.push(`columns.${f}: expected no ref column on a parameterized source`);
  }
  if (s.editableIn && !s.editableIn.parent && !s.workflow) problems.push("editableIn: expected a workflow screen (the row's own state) or parent");
  if (s.editableIn && !s.source.write) problems.push('editableIn: expected source.write (a screen that writes)');
  if (s.chart) problems.push(...chartProblems(s, s.chart));
  if (s.access === 'page' && !s.route && !s.page) problems.push('page: expected route or page for page access');
  if (s.menu && !s.route) problems.push('menu: expected a routed screen (a sub-grid or lookup has no page of its own)');
  if (problems.length) throw new Error(problems.map((p) => `${file}: ${p}`).join('\n'));
  return s;
}
