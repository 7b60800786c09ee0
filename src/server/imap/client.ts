/**
 * The one mailbox of IMAP_URL (config.imapUrl), by imapflow: a connection per call (sync,
 * labels, a draft saved), logged out when the call ends. The URL is a secret: logs and
 * errors say its scheme, host and port only. A server that cannot be reached or refuses the
 * sign-in answers 502 `imap_failed` / `imap_auth_failed`, translated; no IMAP_URL answers
 * 503 `imap_not_configured`, naming the variable.
 */
import type { ImapFlow } from 'imapflow';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

export interface ImapTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  /** The folder the back office reads (the URL's path; INBOX when none). */
  mailbox: string;
}

/** imaps://user:pass@host:993/Folder → where to connect; user and password URL-decoded. */
export function imapTarget(url: string): ImapTarget {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  const path = decodeURIComponent(u.pathname.replace(/^\/+/, ''));
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(u.username),
    pass: decodeURIComponent(u.password),
    mailbox: path || 'INBOX',
  };
}

/** IMAP_URL for logs and answers: scheme, host and port — never the user or password. */
export function describeImapUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

/** The configured URL, or 503 `imap_not_configured` naming IMAP_URL. */
export function requireImap(config: Pick<Config, 'imapUrl'>): string {
  if (!config.imapUrl) throw new HttpError(503, 'imap_not_configured', 'No mailbox is configured on this server (set IMAP_URL)');
  return config.imapUrl;
}

interface FlowError extends Error {
  code?: string;
  authenticationFailed?: boolean;
}

/** An imapflow failure as the answer says it: no password, no server text that might echo one. */
function imapError(e: unknown, url: string): HttpError {
  if (e instanceof HttpError) return e;
  const host = describeImapUrl(url);
  const err = e as FlowError;
  if (err?.authenticationFailed) return new HttpError(502, 'imap_auth_failed', `The IMAP server ${host} refused the sign-in`, {}, undefined, { host });
  return new HttpError(502, 'imap_failed', `The IMAP server ${host} could not be used (${err?.code ?? 'error'})`, {}, undefined, { host });
}

/** Timeouts: a server that hangs fails the call in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** Runs `fn` on a signed-in connection, logging out after; a failure becomes imap_failed / imap_auth_failed. */
export async function withImap<T>(url: string, fn: (client: ImapFlow, target: ImapTarget) => Promise<T>): Promise<T> {
  const target = imapTarget(url);
  // imapflow on first use: most servers never read a mailbox.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: { user: target.user, pass: target.pass },
    // No logger: its debug lines would carry the LOGIN exchange.
    logger: false,
    ...TIMEOUTS,
  });
  // A socket error after connect is also thrown by the command under way; this keeps it from being unhandled.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (e) {
    throw imapError(e, url);
  }
  try {
    return await fn(client, target);
  } catch (e) {
    throw imapError(e, url);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
