/**
 * Synchronises the mailbox of IMAP_URL every `intervalMs` (IMAP_TICK_MS, 0 = not in this
 * process; the server starts it only with IMAP_URL set). A failed pass is said in the log by
 * the server's scheme, host and port and the error code, never the URL (it holds the
 * password); the next pass runs as planned.
 */
import type { Db } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { onceAcrossProcesses, startPoller, type Poller } from '../poller.ts';
import { describeImapUrl } from './client.ts';
import { syncMailbox } from './sync.ts';
import { log as logger } from '../obs/log.ts';

/** The advisory lock key of the mailbox sync (any constant other locks do not use). */
const IMAP_SYNC_LOCK = 727_301;

export function startImapSync(db: Db, opts: { imapUrl: string; intervalMs: number; log?: (line: string) => void }): Poller {
  const log = opts.log ?? ((line) => logger.error(line));
  // One mailbox, read whole: one process syncs it at a time (the others skip their turn).
  return startPoller(() => onceAcrossProcesses(db, IMAP_SYNC_LOCK, () => syncMailbox(db, opts.imapUrl)), {
    intervalMs: opts.intervalMs,
    onError: (e) => log(`imap: sync of ${describeImapUrl(opts.imapUrl)} failed: ${e instanceof HttpError ? e.code : 'error'}`),
  });
}
