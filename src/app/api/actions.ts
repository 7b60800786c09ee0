/**
 * The custom api_actions as typed calls: `actions.courier_export({ order_ids })` (./actionCall.ts).
 * A namespace of the generated calls, a module each, so a bundle keeps only the calls its
 * code makes, in the chunk that makes them (property reads of a namespace are static).
 */
export * as actions from '../../generated/actions/index.ts';
export type { AnswerOf, PayloadOf } from './actionCall.ts';
