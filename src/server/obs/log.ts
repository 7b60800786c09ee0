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

/** The process's logger (a worker's lines name it: `worker`). */
export const log = pino({
  level: level(),
  base: { pid: process.pid, ...(cluster.isWorker && process.env.WORKER_INDEX ? { worker: Number(process.env.WORKER_INDEX) } : {}) },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  formatters: { level: (label) => ({ level: label }) },
});

/**
 * The request lines' logger (obs/observe.ts): the same logger without the redaction pass,
 * which costs over 100 µs a line (every path above is tried on every object) — more than a
 * cheap list request's own work. Safe because those lines are built from fixed fields only
 * (id, method, route template, status, duration, user id, company, entity, action, error
 * code), never from a body, a header's value or a query.
 */
export const requestLog = log.child({}, { redact: [] });

/** An error as a log field: its message and (for a server bug) its stack; never its cause's objects. */
export const errorField = (e: unknown): { message: string; stack?: string } => (e instanceof Error ? { message: e.message, ...(e.stack ? { stack: e.stack } : {}) } : { message: String(e) });
