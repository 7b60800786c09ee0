/**
 * Seeded databases, made once per engine and data set and copied for every test server
 * (the suite starts over a hundred): the migrations and demo data of one source tree and
 * one day (the demo's dates are relative to today) make one template. On the PostgreSQL
 * server it is a database that CREATE DATABASE … TEMPLATE copies; for PGlite a saved data
 * directory in the temp folder that each server loads.
 *
 * Under vitest the global set-up (tests/setup/templates.global.ts) builds every data set of
 * TEMPLATE_SETS for both engines in a child process (buildTemplates.ts) while the first tests
 * run; a test that needs one waits for its file to appear (the builder renames it into place
 * whole, or writes `<key>.failed` with the reason) — a signal, not a poll. Outside vitest (the
 * benchmarks) the caller builds what is missing itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite, type PgliteDb } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { joinRecords, readTar } from '../../src/server/db/tar.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import type { Db } from '../../src/server/db/types.ts';

/** What the seed makes of a database: the demo data or not, and the catalogue's size. */
export interface DataSet {
  demo: boolean;
  products: number;
}

/** The tests' catalogue size (TEST_PRODUCTS; harness.ts's PRODUCTS). */
const PRODUCTS = Number(process.env.TEST_PRODUCTS ?? 2_000);

/**
 * Every data set a suite asks for: the global set-up builds these, before any test needs one.
 * A server of another set (a new test's configuration) is refused with a message to add it here.
 */
export const TEMPLATE_SETS: readonly DataSet[] = [
  { demo: true, products: PRODUCTS },
  { demo: true, products: 0 },
  { demo: true, products: 50 },
  { demo: false, products: 0 },
];

/** Without the demo data the catalogue's size means nothing (the seed makes no product): one template. */
const normalised = (set: DataSet): DataSet => (set.demo ? set : { demo: false, products: 0 });

const root = join(import.meta.dirname, '..', '..');
/** Everything the migrations and the seed read: a change to any of it makes a new template (the menu's screen entries are the descriptors', gathered by codegen). */
const sources = ['src/server/db', 'src/server/images', 'src/server/transfer', 'src/server/auth', 'locales', 'src/generated/menu.ts'];

function filesUnder(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The day (the demo's dates are relative to it): templates of another day are stale and go.
 * A run reads it (and the tree's key) once, in the global set-up, and hands it to the builder
 * and the workers: a run crossing midnight, or a file edited meanwhile, still finds its templates.
 */
export const today = () => process.env.BO_TEST_TEMPLATE_DAY ?? new Date().toISOString().slice(0, 10).replaceAll('-', '');
let tree: string | undefined = process.env.BO_TEST_TEMPLATE_TREE;
/** The sources' part of a template's name (other worktrees' templates live beside it until the day ends). */
export function treeKey(): string {
  if (!tree) {
    const h = createHash('sha256');
    for (const f of sources.flatMap((d) => filesUnder(join(root, d)))) h.update(f.slice(root.length)).update(readFileSync(f));
    tree = h.digest('hex').slice(0, 10);
  }
  return tree;
}
/** How templates are made (a change to slimDump makes new ones). */
const MAKE = 2;
/** A template's name: its day, its tree, then its data set. */
const keyOf = (set: DataSet) =>
  `${today()}_${treeKey()}_${createHash('sha256')
    .update(JSON.stringify({ ...normalised(set), make: MAKE }))
    .digest('hex')
    .slice(0, 8)}`;

async function build(db: Db, set: DataSet): Promise<void> {
  await migrate(db);
  await seed(db, { demo: set.demo, products: set.products });
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `fn` on a connection of its own to the server's admin database. */
export async function onServer<T>(admin: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Where the PGlite templates and the builder's signals live (shared by the runs of every worktree). */
export const templateDir = join(tmpdir(), 'bo-test-templates');

/** Set by the global set-up: its builder makes the templates, and the tests wait for them. */
export const BUILDER_ENV = 'BO_TEST_TEMPLATE_BUILDER';

const serverTag = (admin: string) => createHash('sha256').update(admin).digest('hex').slice(0, 8);
/** The PGlite template of a data set. */
export const pgliteFileOf = (set: DataSet) => join(templateDir, `${keyOf(set)}.tar`);
/** The builder's word that the server's template of a data set is complete (the database's name says the rest). */
export const serverMarkOf = (set: DataSet, admin: string) => join(templateDir, `${keyOf(set)}.pg-${serverTag(admin)}`);
/** The builder's word that a template could not be made, with the reason. */
export const failedMarkOf = (path: string) => `${path}.failed`;

function known(set: DataSet): DataSet {
  const n = normalised(set);
  if (!TEMPLATE_SETS.some((s) => s.demo === n.demo && s.products === n.products)) {
    throw new Error(`no test template for the data set ${JSON.stringify(n)}: add it to TEMPLATE_SETS in tests/api/templates.ts`);
  }
  return n;
}

/**
 * Resolves when `path` exists: at once, or when the builder renames it into place (a watch on
 * its folder, then a check, so an appearance between the two is not missed). Rejects with the
 * builder's reason when `<path>.failed` appears instead.
 */
function whenPresent(path: string): Promise<void> {
  const failed = failedMarkOf(path);
  const settled = (): 'ok' | Error | undefined => {
    if (existsSync(path)) return 'ok';
    if (existsSync(failed)) return new Error(`the test template ${path} could not be built: ${readFileSync(failed, 'utf8')}`);
    return undefined;
  };
  const now = settled();
  if (now === 'ok') return Promise.resolve();
  if (now) return Promise.reject(now);
  mkdirSync(templateDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const watcher = watch(templateDir, () => check());
    const check = () => {
      const s = settled();
      if (!s) return;
      watcher.close();
      if (s === 'ok') resolve();
      else reject(s);
    };
    check();
  });
}

/** Whether a process of this machine still runs (a signal 0 is only checked, not sent). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

const adminUrl = () => {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  return admin;
};

/**
 * Makes the server's template of a data set unless it is there (the builder's work; a caller's
 * outside vitest), then leaves the builder's mark. Two runs at once (two worktrees) each build
 * under a name of their own; the one that renames second drops its copy.
 */
export async function buildServerTemplate(set: DataSet, admin = adminUrl()): Promise<void> {
  const template = `bo_tmpl_${keyOf(set)}`;
  await onServer(admin, async (c) => {
    const there = await c.query('select 1 from pg_database where datname = $1', [template]);
    if (there.rowCount === 0) {
      const building = `bo_tmpl_build_${process.pid}_${randomBytes(4).toString('hex')}`;
      await c.query(`create database ${building}`);
      await c.query(`alter database ${building} ${NO_COMMIT_FLUSH}`);
      const db = await openPostgres(withDatabase(admin, building));
      try {
        await build(db, set);
      } finally {
        await db.close();
      }
      try {
        await c.query(`alter database ${building} rename to ${template}`);
      } catch (e) {
        if ((e as { code?: string }).code !== '42P04') throw e; // another run built it meanwhile
        await c.query(`drop database ${building}`);
      }
    }
    // Other days' templates go (a run still using one rebuilds it).
    const stale = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'bo\\_tmpl\\_%' and datname not like 'bo\\_tmpl\\_build\\_%' and datname not like $1`, [
      `bo_tmpl_${today()}_%`,
    ]);
    for (const s of stale.rows) await c.query(`drop database if exists ${s.datname}`).catch(() => {});
    // Half-built templates of builders that are gone (a run stopped while building).
    const orphans = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'bo\\_tmpl\\_build\\_%'`);
    for (const o of orphans.rows) {
      const pid = Number(/^bo_tmpl_build_(\d+)_/.exec(o.datname)?.[1]);
      if (pid && !alive(pid)) await c.query(`drop database if exists ${o.datname} with (force)`).catch(() => {});
    }
  });
  mkdirSync(templateDir, { recursive: true });
  writeFileSync(serverMarkOf(set, admin), template);
}

/**
 * A test database's commits do not wait for the WAL to reach the disk (about 3 ms each on
 * this machine's disk, ~20× the commit itself). What another session sees on commit is the
 * same; only a crash of the PostgreSQL server itself could lose the last commits, which no
 * test causes. Durability's own databases keep the server's default (`durable`).
 */
export const NO_COMMIT_FLUSH = 'set synchronous_commit = off';

/** A new database on the TEST_DATABASE_URL server holding the data set, and how to drop it. */
export async function seededDatabase(set: DataSet, opts: { durable?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = adminUrl();
  const n = known(set);
  if (process.env[BUILDER_ENV]) await whenPresent(serverMarkOf(n, admin));
  else await buildServerTemplate(n, admin);
  const template = `bo_tmpl_${keyOf(n)}`;
  const name = `bo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(admin, async (c) => {
    await c.query(`create database ${name} template ${template}`);
    if (!opts.durable) await c.query(`alter database ${name} ${NO_COMMIT_FLUSH}`);
  });
  return {
    url: withDatabase(admin, name),
    drop: () => onServer(admin, (c) => c.query(`drop database if exists ${name} with (force)`).then(() => {})),
  };
}

/**
 * A template's bytes as PGlite reads them (`await blob.arrayBuffer()`, then copies each file
 * out): handed over as they are, where a plain Blob is read back in chunks on every load — a
 * CPU-second of a worker's ~2 per database, on every test file.
 */
class TemplateBlob extends Blob {
  readonly #content: ArrayBuffer;
  constructor(content: ArrayBuffer) {
    super([]);
    this.#content = content;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#content);
  }
}

/** The template file last loaded in this process, read once (a worker's files load the same one). */
let loaded: { file: string; blob: Blob } | undefined;

/** An in-memory PGlite database holding the data set. */
export async function seededPglite(set: DataSet): Promise<PgliteDb> {
  const file = await pgliteTemplateFile(set);
  if (loaded?.file !== file) {
    const bytes = readFileSync(file);
    loaded = { file, blob: new TemplateBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
  }
  return openPglite(undefined, { load: loaded.blob });
}

/**
 * The data directory as a tar, made to load fast: checkpointed first (a dump of a database
 * just seeded made every server that loaded it replay the seed's WAL, ~2.5 s of its ~3 s
 * start), and without the WAL segments the checkpoint no longer needs (older than its redo
 * point, or recycled ahead of the current one: 5 of 16 MB each, held in every server's memory).
 */
async function slimDump(db: PgliteDb): Promise<Uint8Array> {
  await db.exec('checkpoint');
  const { redo, current } = (await db.query<{ redo: string; current: string }>('select redo_wal_file as redo, pg_walfile_name(pg_current_wal_lsn()) as current from pg_control_checkpoint()')).rows[0]!;
  const dump = new Uint8Array(await (await db.dump()).arrayBuffer());
  const needed = (name: string) => {
    const segment = /^pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return !segment || (segment >= redo && segment <= current);
  };
  return joinRecords(
    readTar(dump)
      .filter((e) => needed(e.name))
      .map((e) => e.raw),
    true,
  );
}

/**
 * The saved PGlite data directory (a tar file) holding the data set: the builder's (waited
 * for under vitest), or built here when missing outside it. Every caller of a run loads the
 * same file: a test comparing copies of "the" template (backup.test.ts) needs one build.
 */
export async function pgliteTemplateFile(set: DataSet): Promise<string> {
  const n = known(set);
  const file = pgliteFileOf(n);
  if (process.env[BUILDER_ENV]) await whenPresent(file);
  else if (!existsSync(file)) await buildPgliteTemplate(n);
  return file;
}

/** Makes the PGlite template of a data set unless it is there, renamed into place whole. */
export async function buildPgliteTemplate(set: DataSet): Promise<void> {
  const file = pgliteFileOf(set);
  if (existsSync(file)) return;
  mkdirSync(templateDir, { recursive: true });
  const db = await openPglite();
  try {
    await build(db, set);
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(part, Buffer.from(await slimDump(db)));
    renameSync(part, file);
  } finally {
    await db.close();
  }
  // Other days' templates and marks go, and what a builder left half-written an hour ago.
  for (const f of readdirSync(templateDir)) {
    const path = join(templateDir, f);
    try {
      if (!f.startsWith(today()) || (/\.tar\.\d+\./.test(f) && Date.now() - statSync(path).mtimeMs > 3_600_000)) rmSync(path, { recursive: true, force: true });
    } catch {
      /* another process removed it */
    }
  }
}
