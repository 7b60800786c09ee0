import type { Db } from './db/types.ts';

/**
 * A background pass run every `intervalMs` in this process (the workflow scheduler, the news
 * fetcher): the next pass is planned when one ends, so passes never overlap; a failed pass
 * is reported and the next runs as planned (a database briefly away stops nothing for good);
 * the timer does not keep the process alive; a pass that answers `false` ends the polling (the
 * mail outbox without a transport, once it has said so). What a pass does is shared through the
 * database (rows claimed with FOR UPDATE SKIP LOCKED), so any number of processes may poll.
 */
export interface Poller {
  /** Stops polling and waits for a pass under way. */
  stop(): Promise<void>;
  /** Resolves when polling has ended: stopped, or a pass answered false (nothing more to do). */
  ended: Promise<void>;
}

export function startPoller(pass: () => Promise<unknown>, opts: { intervalMs: number; onError: (e: unknown) => void; firstMs?: number }): Poller {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let end!: () => void;
  const ended = new Promise<void>((r) => (end = r));
  let delay = opts.firstMs ?? opts.intervalMs; // the first pass may come sooner (a feed due at start)
  const schedule = () => {
    if (stopped) return end();
    const ms = delay;
    delay = opts.intervalMs;
    timer = setTimeout(() => {
      running = pass().then(
        (again) => {
          if (again !== false) schedule();
          else end();
        },
        (e: unknown) => {
          opts.onError(e);
          schedule();
        },
      );
    }, ms);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      end();
    },
    ended,
  };
}

/**
 * Runs `pass` in one process at a time across every app process on the database: a pass
 * whose work cannot be claimed row by row (the IMAP sync reads one mailbox whole) holds a
 * transaction-level advisory lock while it runs; another process finding it held skips
 * its turn (answers undefined). PGlite has one process: the pass just runs.
 */
export async function onceAcrossProcesses<T>(db: Db, lockKey: number, pass: () => Promise<T>): Promise<T | undefined> {
  if (db.engine !== 'postgres') return pass();
  return db.transaction(async (tx) => {
    const r = await tx.query<{ got: boolean }>('select pg_try_advisory_xact_lock($1) as got', [lockKey]);
    return r.rows[0]!.got ? pass() : undefined;
  });
}
