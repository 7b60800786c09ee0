/** The courier: the carrier's import file of the orders ready to ship, and its tracking numbers read back. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { TRACKING_PROBLEM_CODES } from '../../src/core/courier.ts';

/** `courier_export` list: the picked orders ready to ship (absent: every one of the company). */
export const CourierExportPayload = v.strictObject({
  order_ids: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one order'), v.maxLength(5000, 'at most 5000 orders'))),
});
/** `courier_tracking` set: the carrier's file of (reference, tracking_number) as text (CSV with a header line). */
export const CourierTrackingPayload = v.strictObject({
  csv: v.pipe(v.string(), v.nonEmpty('an empty file'), v.maxLength(2_000_000, 'at most 2000000 characters')),
});
/** `courier_export` filter: the carrier's import file (Packeta CSV) as text, its name and its number of packets. */
export const CourierExportOutput = v.object({ data: v.object({ file_name: v.string(), content_type: v.string(), rows: v.number(), csv: v.string() }) });
/** `courier_tracking` set: the file's rows, the orders whose tracking number changed or already held it, the rows not applied (file line, code, reference). */
export const CourierTrackingOutput = v.object({
  data: v.object({
    rows: v.number(),
    updated: v.number(),
    unchanged: v.number(),
    problems: v.array(
      v.object({
        line: v.number(),
        code: v.picklist(TRACKING_PROBLEM_CODES),
        reference: v.string(),
        reason: v.optional(v.string()),
      }),
    ),
  }),
});

export const courierActions = {
  courier_export: defineAction({
    entity: 'courier_export',
    action: 'filter',
    page: '/sales/courier',
    flag: 'list',
    input: CourierExportPayload,
    output: CourierExportOutput,
    summary: "The orders ready to ship (the picked ones, else all of the company) as the carrier's import file (Packeta CSV); an order not ready in the company: 404 `not_found`.",
  }),
  courier_tracking: defineAction({
    entity: 'courier_tracking',
    action: 'set',
    page: '/sales/courier',
    flag: 'set',
    input: CourierTrackingPayload,
    output: CourierTrackingOutput,
    summary: "The carrier's file of tracking numbers by order number read back: the orders updated, and the rows not applied with their line and code.",
  }),
};
