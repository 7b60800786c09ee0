/**
 * Answers asked for before their caller (issue 27): the bootstrap's parts (a screen's saved
 * grid state and its lookups) and a screen's first rows, which the route requests while the
 * grid's code loads. The caller's own `list` with the same company, entity and payload
 * takes the answer (once, within KEEP_MS) instead of asking again; a write drops them all.
 */
import { canon } from '../../core/canonJson.ts';

const KEEP_MS = 10_000;
const kept = new Map<string, { at: number; answer: Promise<unknown> }>();

export const earlyKey = (company: string | undefined, entity: string, payload: unknown): string => canon([company ?? '', entity, payload ?? {}]);

const fresh = (key: string) => {
  const e = kept.get(key);
  if (e && Date.now() - e.at < KEEP_MS) return e;
  kept.delete(key);
  return undefined;
};

/** Keeps an answer for the `list` of this key (a failure is the taker's to handle). */
export function keepEarly(key: string, answer: Promise<unknown>): void {
  answer.catch(() => {});
  kept.set(key, { at: Date.now(), answer });
}

/** The kept answer, left for its taker. */
export const peekEarly = (key: string): Promise<unknown> | undefined => fresh(key)?.answer;

/** The kept answer, taken (the next call asks the server). */
export function takeEarly(key: string): Promise<unknown> | undefined {
  const e = fresh(key);
  kept.delete(key);
  return e?.answer;
}

/** A write, a sign-out: nothing kept is trusted any more. */
export const forgetEarly = (): void => kept.clear();
