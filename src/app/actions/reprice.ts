/**
 * The pure part of "Reprice…" (Reprice.tsx): its inputs → the `reprice` action's payload (the
 * picked products, else the grid's filter minus those unpicked after "select all").
 */
import { readNumber } from '../../core/numberInput.ts';
import type { PayloadOf } from '../api/actions.ts';
import type { ToolbarQuery } from '../grid/gridProps.ts';

export type RepricePayload = PayloadOf<'reprice_set'>;

export interface RepriceInput {
  /** Each product's expected margin (exp_margin), or `margin` for all. */
  byProduct: boolean;
  /** As typed: a number as the UI language writes it. */
  margin: string;
  nice: boolean;
  /** The shopper group whose price is rounded; null: the company's default group. */
  groupId: number | null;
}

/** The action's payload, or null while a margin of one's own is not a number. */
export function repricePayload(q: Pick<ToolbarQuery, 'filterModel' | 'language' | 'selection'>, i: RepriceInput): RepricePayload | null {
  const margin = i.byProduct ? undefined : readNumber(i.margin, q.language);
  if (margin === null) return null;
  const base = { nice: i.nice, ...(margin === undefined ? {} : { margin }), ...(i.groupId === null ? {} : { shopper_group_id: i.groupId }) };
  const s = q.selection;
  if (s && !s.all && s.count > 0) return { ...base, keys: s.keys.map(String) };
  return { ...base, filterModel: q.filterModel, language: q.language, ...(s?.all && s.keys.length ? { except: s.keys.map(String) } : {}) };
}
