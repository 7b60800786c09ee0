/**
 * Seeded databases, made once per engine and data set and copied for every test server
 * (the suite starts over a hundred): the migrations and demo data of one source tree and
 * one day (the demo's dates are relative to today) make one template. On the PostgreSQL
 * server it is a database that CREATE DATABASE … TEMPLATE copies; for PGlite a saved data
 * directory in the temp folder that each server loads. Whichever test file asks first
 * builds it; a builder that loses the race drops its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const root = join(import.meta.dirname, '..', '..');
/** Everything the migrations and the seed read: a change to any of it makes a new template. */
const sources = ['src/server/db', 'src/server/images', 'src/server/transfer', 'src/server/auth', 'locales'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The day (the demo's dates are relative to it): templates of another day are stale and go. */
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
let tree: string | undefined;
/** The sources' part of a template's name (other worktrees' templates live beside it until the day ends). */
function treeKey(): string {
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
    .update(JSON.stringify({ ...set, make: MAKE }))
    .digest('hex')
    .slice(0, 8)}`;

async function build(db: Db, set: DataSet): Promise<void> {
  await migrate(db);
  await seed(db, { demo: set.demo, products: set.products });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(admin: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new database on the TEST_DATABASE_URL server holding the data set, and how to drop it. */
export async function seededDatabase(set: DataSet): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const template = `bo_tmpl_${keyOf(set)}`;
  const name = `bo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const copy = (c: pg.Client) => c.query(`create database ${name} template ${template}`);
  await onServer(admin, async (c) => {
    try {
      await copy(c);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '3D000') throw e; // no template yet: build it
    }
    const building = `bo_tmpl_build_${process.pid}_${randomBytes(4).toString('hex')}`;
    await c.query(`create database ${building}`);
    const db = await openPostgres(withDatabase(admin, building));
    try {
      await build(db, set);
    } finally {
      await db.close();
    }
    try {
      await c.query(`alter database ${building} rename to ${template}`);
    } catch (e) {
      if ((e as { code?: string }).code !== '42P04') throw e; // another file built it meanwhile
      await c.query(`drop database ${building}`);
    }
    // Other days' templates go (a run still using one rebuilds it).
    const stale = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'bo\\_tmpl\\_%' and datname not like 'bo\\_tmpl\\_build\\_%' and datname not like $1`, [
      `bo_tmpl_${today()}_%`,
    ]);
    for (const s of stale.rows) await c.query(`drop database if exists ${s.datname}`).catch(() => {});
    await copy(c);
  });
  return {
    url: withDatabase(admin, name),
    drop: () => onServer(admin, (c) => c.query(`drop database if exists ${name} with (force)`).then(() => {})),
  };
}

const pgliteDir = join(tmpdir(), 'bo-test-templates');

/** The template file last loaded in this process, read once (a worker's files load the same one). */
let loaded: { file: string; blob: Blob } | undefined;

/** An in-memory PGlite database holding the data set. */
export async function seededPglite(set: DataSet): Promise<PgliteDb> {
  const file = await pgliteTemplateFile(set);
  if (loaded?.file !== file) loaded = { file, blob: new Blob([readFileSync(file)]) };
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

/** The builds under way in this process, by file: two callers at once (a test's Promise.all) share one. */
const building = new Map<string, Promise<string>>();
/** A builder that held the lock this long has died. */
const LOCK_STALE_MS = 15 * 60_000;

/**
 * The saved PGlite data directory (a tar file) holding the data set, built first when there is
 * none — once: by one caller of this process and one process of the run (a lock directory
 * beside the file), the others wait for it. Two builds of one set differ (the seed's clock), and
 * a test comparing copies of "the" template (backup.test.ts) got one of each.
 */
export function pgliteTemplateFile(set: DataSet): Promise<string> {
  const file = join(pgliteDir, `${keyOf(set)}.tar`);
  let p = building.get(file);
  if (!p) {
    p = existsSync(file) ? Promise.resolve(file) : buildTemplateFile(file, set);
    building.set(file, p);
    p.catch(() => building.delete(file));
  }
  return p;
}

async function buildTemplateFile(file: string, set: DataSet): Promise<string> {
  mkdirSync(pgliteDir, { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
    if (existsSync(file)) return file;
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      /* released meanwhile */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    if (existsSync(file)) return file; // built while this process waited
    const db = await openPglite();
    try {
      await build(db, set);
      const dump = Buffer.from(await slimDump(db));
      const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(part, dump);
      renameSync(part, file);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  // Other days' templates go, and what a builder left half-written (or locked) an hour ago.
  for (const f of readdirSync(pgliteDir)) {
    const path = join(pgliteDir, f);
    try {
      if (!f.startsWith(today()) || (!f.endsWith('.tar') && Date.now() - statSync(path).mtimeMs > 3_600_000)) rmSync(path, { recursive: true, force: true });
    } catch {
      /* another process removed it */
    }
  }
  return file;
}
