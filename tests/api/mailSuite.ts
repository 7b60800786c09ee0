/**
 * A suite of outgoing-mail tests on one engine: a signed-in server, a local SMTP sink with the
 * outbox's own transport to it, and a scratch folder — started before the suite's tests and
 * closed after them; and how the tests read what arrives (`deliver`: the outbox sends what is
 * due, the messages that reached the sink parsed) and the documents it carries (`pdfText`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll } from 'vitest';
import { deliverDue } from '../../src/server/mail/outbox.ts';
import { smtpTransport, type MailTransport } from '../../src/server/mail/transport.ts';
import { startSignedIn, type Engine, type SignedIn, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

export const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** `setup` runs once the server is up (the company's settings a suite needs). */
export function mailSuite(engine: Engine, setup?: (s: TestServer) => Promise<unknown>) {
  const at = {} as SignedIn & { sink: SmtpSink };
  let smtp: MailTransport | undefined, dir: string | undefined;
  let n = 0;
  beforeAll(async () => {
    Object.assign(at, await startSignedIn(engine));
    at.sink = await startSmtpSink();
    smtp = smtpTransport(`smtp://127.0.0.1:${at.sink.port}`, 'Back office <bo@example.com>');
    dir = mkdtempSync(join(tmpdir(), 'bo-mail-'));
    await setup?.(at.s);
  });
  afterAll(async () => {
    smtp?.close();
    await at.sink?.close();
    await at.s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  /** `content` written to a file of the scratch folder named after `name`; its path. */
  const file = (name: string, content: ArrayBuffer | Uint8Array | string) => {
    const path = join(dir!, `${engine}-${++n}-${name.replace(/[^\w.-]/g, '_')}`);
    writeFileSync(path, typeof content === 'string' ? content : new Uint8Array(content));
    return path;
  };
  return {
    at,
    file,
    /** A PDF's text (pdftotext), its white space folded. */
    pdfText: async (content: ArrayBuffer | Uint8Array | string) => flat(await run('pdftotext', ['-raw', '-enc', 'UTF-8', file('doc.pdf', content), '-'])),
    /** Sends what is due and answers the messages that reached the sink, parsed. */
    deliver: async () => {
      const before = at.sink.messages.length;
      await deliverDue(at.s.db, smtp!, new Date(Date.now() + 1000));
      return Promise.all(at.sink.messages.slice(before).map(async (m) => ({ ...(await PostalMime.parse(m.raw)), rcpt: m.to })));
    },
  };
}
