/**
 * A form's save the server refused at one of its fields (400 `invalid_value` naming
 * `payload.<field>`: a rule the browser could not check first, e.g. an order line's
 * discount over the limit of the product just picked): the refusal goes under that field,
 * like the form's own checks, instead of the alert above the form. So does a price under its
 * minimum margin the user chose not to save (409 `confirm_required`).
 */
import { numericValues, type Message } from '../../core/validation/messages.ts';
import { ApiError } from '../api/client.ts';

/** The field's error (by the form's field names), or null when the refusal names no field of the form. */
export function serverFieldError(err: unknown, fields: readonly { field: string }[]): Record<string, Message> | null {
  // A value refused, or one the user was asked to confirm and did not (409 confirm_required: a price under the minimum margin).
  const atField = (err instanceof ApiError && err.status === 400 && err.code === 'invalid_value') || (err instanceof ApiError && err.status === 409 && err.code === 'confirm_required');
  if (!atField || !err.params) return null;
  const { field, reason, ...values } = err.params;
  const name = typeof field === 'string' ? /^payload\.([a-z_][a-z0-9_]*)$/.exec(field)?.[1] : undefined;
  if (!name || typeof reason !== 'string' || !fields.some((f) => f.field === name)) return null;
  const { label: _label, row: _row, ...own } = values;
  return { [name]: { id: reason, values: numericValues(own) } };
}
