/**
 * A real IMAP server for the Mail for AI tests: Debian's Dovecot (dovecot-imapd; .ci/run
 * installs it when missing), started in a temporary folder with a configuration of its own —
 * none of the system's /etc/dovecot — on 127.0.0.1 at a free port: plaintext sign-in without
 * TLS (loopback only), one user from a passwd file, Maildir storage in the folder, a Drafts
 * folder with the \Drafts special use. It runs in the foreground as this process's child
 * (`dovecot -F -c <config>`) and is stopped with the suite.
 *
 * As root (CI, these machines), Dovecot's master drops privileges: the login processes run
 * as the package's `dovenull` and its own processes as `dovecot`, and the mail as `nobody`
 * (Dovecot refuses uid 0 for mail), so the mail folder belongs to nobody. As another user it
 * runs every process as that user.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { vi } from 'vitest';
import { freePort } from './freePort.ts';

const DOVECOT_BIN = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port/INBOX (the password URL-encoded). */
  url: string;
  /** A signed-in client of the test's own (to seed by APPEND and look at what the server holds); log it out after. */
  client(): Promise<ImapFlow>;
  /** Appends a message to a folder (INBOX by default). */
  append(raw: string, flags?: string[], folder?: string): Promise<void>;
  stop(): Promise<void>;
}

interface Account {
  name: string;
  uid: number;
  gid: number;
}

/** A user of /etc/passwd by name (the package's service users), or undefined. */
function systemUser(name: string): Account | undefined {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [n, , uid, gid] = line.split(':');
    if (n === name) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/** Resolves once the server greets on the port ("* OK"), rejects after `ms` or when it exited. */
async function greeting(port: number, ms: number, exited: () => string | undefined): Promise<void> {
  let gone: string | undefined;
  await vi
    .waitFor(
      async () => {
        gone = exited();
        if (gone) return; // no use waiting: said below
        const ok = await new Promise<boolean>((resolve) => {
          const sock = createConnection({ host: '127.0.0.1', port });
          sock.setTimeout(1000);
          sock.once('data', (d) => {
            sock.destroy();
            resolve(d.toString().startsWith('* OK'));
          });
          sock.once('error', () => resolve(false));
          sock.once('timeout', () => {
            sock.destroy();
            resolve(false);
          });
        });
        if (!ok) throw new Error('no greeting yet');
      },
      { timeout: ms, interval: 100 },
    )
    .catch(() => {
      throw new Error(`dovecot did not answer on 127.0.0.1:${port} within ${ms} ms`);
    });
  if (gone) throw new Error(gone);
}

function config(dir: string, port: number, accounts: { login: string; internal: string; mail: Account }, firstValidUid: number): string {
  return `# Written by tests/api/dovecot.ts: a throw-away server for one test suite.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = bo-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = ${firstValidUid}
default_login_user = ${accounts.login}
default_internal_user = ${accounts.internal}
default_internal_group = ${accounts.internal}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${accounts.mail.uid} gid=${accounts.mail.gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

export async function startDovecot(opts: { user?: string; password?: string } = {}): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BIN)) throw new Error(`${DOVECOT_BIN} is missing: install dovecot-imapd (.ci/run does)`);
  const user = opts.user ?? 'shop@example.test';
  const password = opts.password ?? 'imap-secret-1';
  const dir = mkdtempSync(join(tmpdir(), 'bo-dovecot-'));
  // The mail user (nobody, as root) must reach its home inside the folder.
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const nobody = systemUser('nobody') ?? { name: 'nobody', uid: 65534, gid: 65534 };
  const accounts = root
    ? { login: systemUser('dovenull')?.name ?? nobody.name, internal: systemUser('dovecot')?.name ?? nobody.name, mail: nobody }
    : { login: me.username, internal: me.username, mail: { name: me.username, uid: me.uid, gid: me.gid } };
  for (const d of ['run', 'state', 'home']) mkdirSync(join(dir, d));
  if (root) chownSync(join(dir, 'home'), nobody.uid, nobody.gid);
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const log = () => (existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '');

  let child: ChildProcess | undefined;
  let port = 0;
  let lastError: Error | undefined;
  // A free port may be taken between asking and binding: try a few.
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const conf = join(dir, 'dovecot.conf');
    writeFileSync(conf, config(dir, port, accounts, Math.min(accounts.mail.uid, 1000) || 1));
    const p = spawn(DOVECOT_BIN, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let exit: string | undefined;
    p.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    p.once('exit', (code, signal) => (exit = `dovecot exited (${code ?? signal}): ${stderr}${log()}`));
    p.once('error', (e) => (exit = `dovecot could not start: ${e.message}`));
    try {
      await greeting(port, 15_000, () => exit);
      child = p;
    } catch (e) {
      lastError = e as Error;
      p.kill('SIGKILL');
    }
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError ?? new Error('dovecot did not start');
  }
  const running = child;
  const url = `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`;
  const client = async () => {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
    c.on('error', () => {});
    await c.connect();
    return c;
  };
  return {
    port,
    user,
    password,
    url,
    client,
    async append(raw, flags = [], folder = 'INBOX') {
      const c = await client();
      try {
        await c.append(folder, raw, flags);
      } finally {
        await c.logout();
      }
    },
    async stop() {
      if (running.exitCode === null && running.signalCode === null) {
        const gone = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        const killer = setTimeout(() => running.kill('SIGKILL'), 5000); // one that ignores SIGTERM
        await gone;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
