/**
 * Payments of cash-flow items (issue 47, migration 117): what the browser and the server
 * share. A payment's method (`options.pay_method.<method>`) and an item's payment status
 * (`options.payment_status.<status>`): nothing paid, paid in part, paid in full but not
 * closed (not invoiced yet), closed (paid, written off or cancelled).
 */
export const PAY_METHODS = ['bank_transfer', 'card', 'cash', 'cash_on_delivery', 'other'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const PAYMENT_STATUSES = ['open', 'partly_paid', 'paid', 'closed'] as const;

/** The largest payment a form takes (the items' and payments' column bound). */
export const MAX_PAYMENT = 9_999_999_999;
