/**
 * The real server as a child process (`node --import tsx src/server/main.ts` in `cwd`): a
 * minimal UI page, every poller's tick off, port 0, and `env` on top (the database:
 * DATA_DIR or DATABASE_URL; DEMO_DATA …). Resolves once it prints where it listens — it has
 * migrated and seeded by then. For tests that kill it, restart it, or run another tree's code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Settles when the process has ended (its UI directory removed). */
  exited: Promise<void>;
  /** What it printed so far, stdout and stderr. */
  output(): string;
  /** SIGKILL unless it has ended: for clean-ups. */
  kill(): void;
}

const TICKS = ['WORKFLOW_TICK_MS', 'MAIL_TICK_MS', 'ARRIVAL_TICK_MS', 'NEWS_TICK_MS', 'RATES_TICK_MS', 'MAINTENANCE_TICK_MS', 'IMAP_TICK_MS', 'STOCK_EVENTS_TICK_MS'];

export function startChildServer(cwd: string, env: Record<string, string>, what = 'the server'): Promise<ChildServer> {
  const ui = mkdtempSync(join(tmpdir(), 'bo-child-ui-'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div></html>');
  const child = spawn(process.execPath, ['--import', 'tsx', join(cwd, 'src/server/main.ts')], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, PORT: '0', UI_DIR: ui, ...Object.fromEntries(TICKS.map((t) => [t, '0'])), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done())).then(() => rmSync(ui, { recursive: true, force: true }));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return new Promise((done, fail) => {
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /back office: (http:\/\/[^\s"]+)[\s"]/.exec(out)?.[1]; // the whole address (a chunk may end inside it; a JSON log line or plain text)
      if (url) done({ url, child, exited, output: () => out, kill });
    });
    child.once('exit', (code, signal) => fail(new Error(`${what} ended (${code ?? signal}) before it listened:\n${out}`)));
  });
}
