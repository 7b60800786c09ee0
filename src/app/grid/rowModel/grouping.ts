/**
 * Row grouping by one or more columns. The groups and their counts come from the
 * `aggregate` action (one call with every group column: the tree is built here, parents
 * summing their children); an expanded last-level group's rows come from the list with
 * the group keys as equality filters. The body shows a flat list of segments — group
 * header rows and runs of data rows — that the virtualizer walks by position.
 * Pure; the client row model computes the same aggregate locally (clientAggregate.ts).
 */
import { choiceCollator } from '../../../core/choiceOrder.ts';
import { collationLang } from '../../../core/query/collation.ts';
import type { FilterModel } from '../filters.ts';
import { equalsItem, type AggGroup } from '../gridApi.ts';

export interface GroupNode {
  /** Stable id: the JSON of the key path. */
  id: string;
  depth: number;
  field: string;
  value: unknown;
  /** Every key from the root down to this node. */
  keys: Record<string, unknown>;
  count: number;
  /** Sub-groups; null at the last level (its rows are data rows). */
  children: GroupNode[] | null;
}

/**
 * The UI language: the order's, else the page's (session/language.ts sets `<html lang>`
 * from the URL prefix), else English.
 */
const uiLang = (order: GroupOrder | undefined): string => order?.lang ?? (typeof document !== 'undefined' ? document.documentElement.lang : '');

/**
 * Ascending, NULL last; numbers as numbers, the rest as text in the language's order — the
 * choice lists' collation (core/choiceOrder.ts: numbers within texts by value), so a
 * column's groups read in the order of its filter list.
 */
export function compareKeys(a: unknown, b: unknown, lang = 'en'): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? 1 : -1;
  return choiceCollator(collationLang(lang)).compare(String(a), String(b));
}

/**
 * How groups are ordered: by what the group row shows (a brand's name, not its id), and
 * descending where the grid is sorted so by that column. Empty groups stay last.
 */
export interface GroupOrder {
  /** The key a group value sorts by (its display text for looked-up values). */
  key(field: string, value: unknown): unknown;
  desc(field: string): boolean;
  /** The UI language whose collation orders texts (else the page's language). */
  lang?: string;
}

/** The group tree of an aggregate's groups (each with a value for every group column). */
export function buildGroupTree(groups: readonly AggGroup[], groupBy: readonly string[], order?: GroupOrder): GroupNode[] {
  const root: GroupNode[] = [];
  const byId = new Map<string, GroupNode>();
  for (const g of groups) {
    let level = root;
    const keys: Record<string, unknown> = {};
    for (let d = 0; d < groupBy.length; d++) {
      const field = groupBy[d]!;
      const value = g.key[field] ?? null;
      keys[field] = value;
      const id = JSON.stringify(groupBy.slice(0, d + 1).map((f) => keys[f]));
      let node = byId.get(id);
      if (!node) {
        node = { id, depth: d, field, value, keys: { ...keys }, count: 0, children: d < groupBy.length - 1 ? [] : null };
        byId.set(id, node);
        level.push(node);
      }
      node.count += g.count;
      level = node.children ?? [];
    }
  }
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  const lang = uiLang(order);
  const cmp = (a: GroupNode, b: GroupNode): number => {
    if (!order) return compareKeys(a.value, b.value, lang);
    const [x, y] = [order.key(a.field, a.value), order.key(b.field, b.value)];
    if (empty(x) || empty(y)) return empty(x) ? (empty(y) ? 0 : 1) : -1;
    const c = compareKeys(x, y, lang);
    return order.desc(a.field) ? -c : c;
  };
  const sort = (nodes: GroupNode[]) => {
    nodes.sort(cmp);
    for (const n of nodes) if (n.children) sort(n.children);
  };
  sort(root);
  return root;
}

export type Segment = { kind: 'group'; start: number; node: GroupNode } | { kind: 'rows'; start: number; length: number; node: GroupNode };

/** The flat list: a row per group, and an expanded last-level group's rows after it. */
export function flattenGroups(tree: readonly GroupNode[], expanded: ReadonlySet<string>, rowCount: (node: GroupNode) => number): { segments: Segment[]; total: number } {
  const segments: Segment[] = [];
  let pos = 0;
  const walk = (nodes: readonly GroupNode[]) => {
    for (const node of nodes) {
      segments.push({ kind: 'group', start: pos, node });
      pos++;
      if (!expanded.has(node.id)) continue;
      if (node.children) walk(node.children);
      else {
        const length = rowCount(node);
        if (length > 0) {
          segments.push({ kind: 'rows', start: pos, length, node });
          pos += length;
        }
      }
    }
  };
  walk(tree);
  return { segments, total: pos };
}

/** The segment holding a display position (binary search), and the position inside it. */
export function locate(segments: readonly Segment[], index: number): { segment: Segment; offset: number } | null {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segments[mid]!;
    const len = s.kind === 'group' ? 1 : s.length;
    if (index < s.start) hi = mid - 1;
    else if (index >= s.start + len) lo = mid + 1;
    else return { segment: s, offset: index - s.start };
  }
  return null;
}

/** The filter model of a group's rows: the query's filters plus each group key as an equality. */
export function groupFilter(filterModel: FilterModel, keys: Record<string, unknown>): FilterModel {
  const out: FilterModel = { ...filterModel };
  for (const [f, v] of Object.entries(keys)) out[f] = equalsItem(v);
  return out;
}
