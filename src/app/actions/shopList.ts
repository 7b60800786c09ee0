/**
 * The pure part of "List in shop…" (ShopList.tsx): which products (the picked ones, else the
 * grid's filter minus those unpicked after "select all") and the categories to offer, in
 * their tree's order with their depth.
 */
import type { PayloadOf } from '../api/actions.ts';
import type { ToolbarQuery } from '../grid/gridProps.ts';

export type ShopListPayload = PayloadOf<'shop_list_set'>;

export interface ShopListInput {
  shopId: number | null;
  categoryIds: number[];
  published: boolean;
  mode: 'keep' | 'replace';
}

/** The action's payload, or null until a shop is chosen. */
export function shopListPayload(q: Pick<ToolbarQuery, 'filterModel' | 'language' | 'selection'>, i: ShopListInput): ShopListPayload | null {
  if (i.shopId === null) return null;
  const base = { shop_id: i.shopId, category_ids: i.categoryIds, published: i.published, mode: i.mode };
  const s = q.selection;
  if (s && !s.all && s.count > 0) return { ...base, keys: s.keys.map(String) };
  return { ...base, filterModel: q.filterModel, language: q.language, ...(s?.all && s.keys.length ? { except: s.keys.map(String) } : {}) };
}

export interface CategoryRow {
  product_category_id: number;
  parent_category_id: number | null;
  position: number;
  active: boolean;
  product_category_names: Record<string, string> | null;
}

/** Active categories depth first (siblings by position, then id), each with its depth and its name in `lang` (else English). */
export function categoryOptions(rows: readonly CategoryRow[], lang: string): { id: number; depth: number; name: string }[] {
  const children = new Map<number | null, CategoryRow[]>();
  for (const r of rows) if (r.active) children.set(r.parent_category_id, [...(children.get(r.parent_category_id) ?? []), r]);
  const out: { id: number; depth: number; name: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position || a.product_category_id - b.product_category_id);
    for (const r of list) {
      const n = r.product_category_names ?? {};
      out.push({ id: r.product_category_id, depth, name: n[lang] || n.en || String(r.product_category_id) });
      if (depth < 20) walk(r.product_category_id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
