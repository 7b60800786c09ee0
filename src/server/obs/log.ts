/**
 * The server's log: pino, one JSON object a line on stdout (LOG_LEVEL: trace … fatal, silent;
 * default info, warn under vitest so test runs stay readable). Requests are logged by
 * obs/observe.ts with their id, user, company, entity, action, status and duration — never a
 * body, a header's value or a URL's query. Anything a secret could sit under is redacted by
 * key wherever it appears up to three levels deep, as a second line of defence.
 */
import cluster from 'node:cluster';
import pino from 'pino';

/** Keys whose values are never written, at any of the first levels of a log object. */
const SECRET_KEYS = [
  'password',
  'new_password',
  'old_password',
  'current_password',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'set-cookie',
  'secret',
  'totp_secret',
  'totp',
  'code',
  'api_key',
  'apiKey',
  'key',
  'smtp_password',
  'imap_password',
  'smtpUrl',
  'imapUrl',
  'databaseUrl',
  'jwtSecret',
  'headers',
  'body',
];

/** pino's redaction paths: each key at the top and one and two levels down. */
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const p = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const dot = p.startsWith('[') ? p : `.${p}`;
  return [p, `*${dot}`, `*.*${dot}`];
});

function level(): string {
  const l = process.env.LOG_LEVEL;
  if (l && ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(l)) return l;
  return process.env.VITEST ? 'warn' : 'info';
}

const options = {
  level: level(),
  base: { pid: process.pid, ...(cluster.isWorker && process.env.WORKER_INDEX ? { worker: Number(process.env.WORKER_INDEX) } : {}) },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/** The process's logger (a worker's lines name it: `worker`). */
export const log = pino({ ...options, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });

/** How long a request line may wait in its buffer before it is written. */
const REQUEST_LINES_MS = 200;
/**
 * The request lines' own destination (not under vitest, whose stdout pino must not bypass):
 * stdout in writes of 4 KiB or after REQUEST_LINES_MS, not a write per request — under load
 * the write of each line blocked the event loop longer than the rest of a cheap list
 * request's own work. pino flushes it when the process exits.
 */
const requestLines = process.env.VITEST ? undefined : pino.destination({ dest: 1, minLength: 4096, sync: false });
let flushing: NodeJS.Timeout | undefined;

/**
 * The request lines' logger (obs/observe.ts): without the redaction pass, which costs over
 * 100 µs a line (every path above is tried on every object). Safe because those lines are
 * built from fixed fields only (id, method, route template, status, duration, user id,
 * company, entity, action, error code), never from a body, a header's value or a query.
 */
const requestLogger = requestLines ? pino(options, requestLines) : log.child({}, { redact: [] });

/** Logs a request's line at `level`; it reaches stdout within REQUEST_LINES_MS. */
export function logRequest(level: 'debug' | 'info' | 'error', line: Record<string, unknown>): void {
  requestLogger[level](line, 'request');
  if (requestLines && !flushing && requestLogger.isLevelEnabled(level)) {
    flushing = setTimeout(() => {
      flushing = undefined;
      requestLines.flush();
    }, REQUEST_LINES_MS).unref();
  }
}

/** An error as a log field: its message and (for a server bug) its stack; never its cause's objects. */
export const errorField = (e: unknown): { message: string; stack?: string } => (e instanceof Error ? { message: e.message, ...(e.stack ? { stack: e.stack } : {}) } : { message: String(e) });
