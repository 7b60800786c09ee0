/**
 * A local SMTP server for the mail tests (the `smtp-server` package) on 127.0.0.1: keeps
 * every message it accepts with its envelope, decoded headers, text body and its raw bytes (a
 * multipart message with attachments is read from them: postal-mime). Plain SMTP (no
 * STARTTLS: nothing leaves loopback); with `refuseAuth` it asks for AUTH and refuses any
 * login, as a server given wrong credentials does, quoting the password in its answer.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  /** The message as received (DATA), for a MIME parser. */
  raw: Buffer;
}

export interface SmtpSink {
  port: number;
  messages: Received[];
  /** Logins tried (user, password) when refuseAuth. */
  logins: { user: string; password: string }[];
  close(): Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), the whitespace between adjacent ones dropped. */
function decodeWords(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseMessage(raw: string, envelope: { from: string; to: string[] }): Omit<Received, 'raw'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const text = decodeBody(raw.slice(split + 4), (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase())
    .replace(/\r\n/g, '\n')
    .replace(/\n$/, '');
  return { ...envelope, headers, subject: headers.get('subject') ?? '', text };
}

export async function startSmtpSink(opts: { port?: number; refuseAuth?: boolean } = {}): Promise<SmtpSink> {
  const messages: Received[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: opts.refuseAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.refuseAuth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      // A careless server that echoes what it was given: the worker must not store it.
      cb(new Error(`Authentication refused for ${auth.username}:${auth.password}`));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((a) => a.address) };
        const raw = Buffer.concat(chunks);
        messages.push({ ...parseMessage(raw.toString('utf8'), envelope), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, logins, close: () => new Promise<void>((r) => server.close(() => r())) };
}
