/**
 * A database made by the previous release's code, for the upgrade test (upgrade.test.ts): the
 * commit PREVIOUS_RELEASE checked out of this clone into the temp folder (`git archive`), its
 * node_modules this tree's, its codegen run, and its own server started once — as `npm start`
 * starts it, with a small demo — on a PGlite data directory and, with TEST_DATABASE_URL, on a
 * database of the PostgreSQL server; it migrates and seeds them, says it listens, and is stopped.
 * Made once per commit and machine ($TMPDIR/bo-previous-release/<sha>, and the server's database
 * bo_prev_<sha>), each renamed into place whole, so two runs at once each build under a name of
 * their own and the one renaming second drops its copy; every test gets a copy of its own.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startChildServer } from './childServer.ts';
import type { Engine } from './harness.ts';
import { NO_COMMIT_FLUSH, onServer, withDatabase } from './templates.ts';

/**
 * The release the upgrade starts from: the last commit before the reference data were synced
 * on start (issue 45), whose databases never got a screen added after they were made. Move it
 * on to the last release's commit when one is cut.
 */
const PREVIOUS_RELEASE = 'da10fc4';

/** Its demo's catalogue: few products, so the old server's seed takes seconds. */
const PRODUCTS = 50;

const root = join(import.meta.dirname, '..', '..');
const cacheRoot = join(tmpdir(), 'bo-previous-release');

interface Ran {
  code: number | null;
  out: string;
}

function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function must(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${opts.cwd}) exited ${r.code}:\n${r.out}`);
  return r.out;
}

/** The commit's full sha; a clear failure when this clone does not have it (a shallow clone, another repository). */
async function previousReleaseSha(): Promise<string> {
  const r = await run('git', ['-C', root, 'rev-parse', '--verify', '--quiet', `${PREVIOUS_RELEASE}^{commit}`], { cwd: root });
  if (r.code !== 0) {
    throw new Error(
      `the upgrade test builds its database with the previous release's code, commit ${PREVIOUS_RELEASE} (PREVIOUS_RELEASE in tests/api/previousRelease.ts), ` +
        `and this clone (${root}) does not have it: fetch it (git fetch --unshallow, or git fetch origin ${PREVIOUS_RELEASE}). ${r.out.trim()}`,
    );
  }
  return r.out.trim();
}

/** Moves `part` to `final` unless another run got there first (then `part` goes). */
function renameInto(part: string, final: string): void {
  try {
    renameSync(part, final);
  } catch (e) {
    if (!existsSync(final)) throw e;
    rmSync(part, { recursive: true, force: true });
  }
}

/** The commit's tree, with node_modules and its codegen's output. */
async function sourceTree(sha: string): Promise<string> {
  const dir = join(cacheRoot, sha, 'src');
  if (existsSync(dir)) return dir;
  // Another commit's builds go (PREVIOUS_RELEASE moved on).
  if (existsSync(cacheRoot)) for (const f of readdirSync(cacheRoot)) if (f !== sha) rmSync(join(cacheRoot, f), { recursive: true, force: true });
  mkdirSync(join(cacheRoot, sha), { recursive: true });
  const part = mkdtempSync(`${dir}.part-`);
  const tar = `${part}.tar`;
  try {
    await must('git', ['-C', root, 'archive', '--format=tar', '-o', tar, sha], { cwd: root });
    await must('tar', ['-xf', tar, '-C', part], { cwd: root });
    symlinkSync(realpathSync(join(root, 'node_modules')), join(part, 'node_modules'));
    await must(process.execPath, ['--import', 'tsx', 'codegen/index.ts'], { cwd: part });
    renameInto(part, dir);
  } finally {
    rmSync(tar, { force: true });
    rmSync(part, { recursive: true, force: true }); // gone already when renamed
  }
  return dir;
}

/**
 * Starts the old code's server (`src/server/main.ts`) on the database `env` names, waits until
 * it says it listens (it has migrated and seeded by then), and stops it as a user does (SIGTERM).
 */
async function startAndStop(src: string, env: Record<string, string>): Promise<void> {
  const server = await startChildServer(src, { DEMO_DATA: '1', DEMO_PRODUCTS: String(PRODUCTS), ...env }, "the previous release's server");
  try {
    // An answer comes on a later turn of its event loop than the line it printed, so by then
    // it has set its SIGTERM handler (set right after that line): a SIGTERM sent on the line
    // itself could find none yet, and kill it before a clean stop.
    await (await fetch(`${server.url}/`)).arrayBuffer();
    const code = new Promise<string>((resolve) => server.child.once('exit', (c, signal) => resolve(`${c ?? signal}`)));
    server.child.kill('SIGTERM');
    if ((await code) !== '0') throw new Error(`the previous release's server stopped with ${await code}:\n${server.output()}`);
  } finally {
    server.kill();
    await server.exited;
  }
}

/** The PGlite data directory the old server made (built when missing). */
async function pgliteBuilt(sha: string, src: string): Promise<string> {
  const dir = join(cacheRoot, sha, 'pglite');
  if (existsSync(dir)) return dir;
  const part = `${dir}.part-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await startAndStop(src, { DATA_DIR: part });
    rmSync(join(part, 'image-cache'), { recursive: true, force: true }); // a cache, not data
    renameInto(part, dir);
  } finally {
    rmSync(part, { recursive: true, force: true });
  }
  return dir;
}

/** The server's database the old server made (built when missing), by name. */
async function postgresBuilt(sha: string, src: string, admin: string): Promise<string> {
  const name = `bo_prev_${sha.slice(0, 12)}`;
  const there = await onServer(admin, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
  if (there) return name;
  await onServer(admin, async (c) => {
    const others = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'bo\\_prev\\_%' and datname not like 'bo\\_prev\\_build\\_%'`);
    for (const o of others.rows) await c.query(`drop database if exists ${o.datname} with (force)`); // another commit's
  });
  const building = `bo_prev_build_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(admin, (c) => c.query(`create database ${building}`));
  try {
    await startAndStop(src, { DATABASE_URL: withDatabase(admin, building) });
    await onServer(admin, async (c) => {
      try {
        await c.query(`alter database ${building} rename to ${name}`);
      } catch (e) {
        if ((e as { code?: string }).code !== '42P04') throw e; // another run built it meanwhile
      }
    });
  } finally {
    await onServer(admin, (c) => c.query(`drop database if exists ${building} with (force)`));
  }
  return name;
}

/** A copy of the previous release's database, the test's to change: where it is, and how it goes. */
export interface OldDatabase {
  existing: { dataDir: string } | { databaseUrl: string };
  drop(): Promise<void>;
}

export async function previousReleaseDatabase(engine: Engine): Promise<OldDatabase> {
  const sha = await previousReleaseSha();
  const src = await sourceTree(sha);
  if (engine === 'pglite') {
    const built = await pgliteBuilt(sha, src);
    const work = mkdtempSync(join(tmpdir(), 'bo-upgrade-'));
    const dataDir = join(work, 'data');
    cpSync(built, dataDir, { recursive: true });
    return { existing: { dataDir }, drop: async () => rmSync(work, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const template = await postgresBuilt(sha, src, admin);
  const name = `bo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(admin, async (c) => {
    await c.query(`create database ${name} template ${template}`);
    await c.query(`alter database ${name} ${NO_COMMIT_FLUSH}`);
  });
  return {
    existing: { databaseUrl: withDatabase(admin, name) },
    drop: () => onServer(admin, (c) => c.query(`drop database if exists ${name} with (force)`).then(() => {})),
  };
}
