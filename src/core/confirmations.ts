/**
 * What a write may need the user to confirm (issue 48): a rule that does not forbid a value
 * but asks for a second look. The server refuses such a write with 409 `confirm_required`
 * (its `reason` the validation key saying why, at the field); the request's `confirm` names
 * what the user confirmed, and the same write is taken. The database reads the confirmed ones
 * from the transaction's setting app.confirm (migration 121). Isomorphic and pure.
 */
import { M } from './validation/messages.ts';

/** Each confirmation and the validation key of the refusal that asks for it. */
const REASONS = {
  /** A selling price under the product's minimum margin (core/prices.ts belowMinMargin). */
  below_min_margin: M.below_min_margin,
} as const;

export type Confirmation = keyof typeof REASONS;
export const CONFIRMATIONS = Object.keys(REASONS) as [Confirmation, ...Confirmation[]];

/** The confirmation a refusal's reason asks for, else undefined. */
export function confirmationOf(reason: unknown): Confirmation | undefined {
  return CONFIRMATIONS.find((c) => REASONS[c] === reason);
}

/** The transaction's app.confirm setting for a write confirming `confirmed`: 'none' asks every question. */
export const confirmSetting = (confirmed: readonly Confirmation[] | undefined): string => (confirmed?.length ? [...new Set(confirmed)].sort().join(',') : 'none');
