/** Why a row of a courier tracking file was not applied (server/actions/courier.ts; the browser says `import.courier_<code>`). */
export const TRACKING_PROBLEM_CODES = ['unknown_reference', 'missing_reference', 'missing_tracking_number', 'invalid_tracking_number', 'duplicate_reference'] as const;
export type TrackingProblemCode = (typeof TRACKING_PROBLEM_CODES)[number];
