/**
 * The grid's Refresh, as a count: caches kept beside the rows for the session (the change
 * log's ref texts, renderers/changeRefs.ts, in a lazy chunk) compare it with the count
 * they were filled at and read again after a Refresh — another user may have renamed what
 * an entry names. A module of a few bytes, so that the list route need not load the chunk.
 */
let epoch = 0;

/** A grid's Refresh was asked for. */
export const refreshed = (): void => void epoch++;

/** How many Refreshes so far. */
export const refreshEpoch = (): number => epoch;
