/** What the client row model's chunk holds (clientModule.ts loads it). */
export { ClientRowModel } from './ClientRowModel.ts';
export { aggregateRows } from './clientAggregate.ts';
export { groupCounts, queryColumns, textsRead } from './clientColumns.ts';
