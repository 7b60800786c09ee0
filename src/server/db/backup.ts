import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import { DataDirInUseError, lockDataDir } from './lock.ts';
import { migrationNames } from './migrate.ts';
import { openPglite, type PgliteDb } from './pglite.ts';
import { appliedMigrations, factsDiffer, factsOf, type TableFacts } from './tables.ts';
import { joinRecords, readTar, writeTar } from './tar.ts';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR): one gzipped tar file
 * holding `manifest.json` (what the backup holds: migrations, row counts and checksums per
 * table, when, from which PostgreSQL) and `pgdata.tar` (PGlite's own dump of its data
 * directory, taken after a CHECKPOINT while this process holds the directory's lock). A
 * restore loads it into a new directory, checks every table against the manifest, and only
 * then puts it in place.
 */

/** Exit codes of the backup, restore and move-to-postgres commands (README). */
export const EXIT = { ok: 0, failed: 1, usage: 2, inUse: 3, refused: 4, invalid: 5 } as const;

/** A failure the command explains to its user, with its exit code. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const FORMAT = 'backoffice-backup';

const Facts = v.object({ rows: v.pipe(v.number(), v.integer(), v.minValue(0)), md5: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)) });
export const Manifest = v.object({
  format: v.literal(FORMAT),
  version: v.literal(1),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** PostgreSQL's version inside PGlite (server_version_num): a data directory only opens in the same major version. */
  postgres: v.pipe(v.number(), v.integer()),
  migrations: v.array(v.string()),
  tables: v.record(v.string(), Facts),
  pgdata: v.object({ bytes: v.number(), sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)) }),
});
export type Manifest = v.InferOutput<typeof Manifest>;

/** What lives in DATA_DIR beside PostgreSQL's files and does not belong in a backup: our pid lock, the image cache (renderings, made again on demand). */
const notData = (name: string) => name === 'backoffice.pid' || name === 'image-cache' || name.startsWith('image-cache/');

/** Opens the data directory for a command; a running server's lock is a clear refusal. */
export async function openForTool(dataDir: string, what: string): Promise<PgliteDb> {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new ToolError(`There is no embedded database in ${resolve(dataDir)} (no PG_VERSION). Set DATA_DIR or --data-dir to the server's data directory.`, EXIT.usage);
  try {
    return await openPglite(dataDir);
  } catch (e) {
    if (e instanceof DataDirInUseError) throw new ToolError(`${e.message}\nThe ${what} needs the database to itself: stop the server, then run it again.`, EXIT.inUse);
    throw e;
  }
}

/** The manifest's facts of an open database: its migrations and every table's count and checksum. */
async function describe(db: PgliteDb): Promise<{ postgres: number; migrations: string[]; tables: Record<string, TableFacts> }> {
  const postgres = (await db.query<{ n: number }>(`select current_setting('server_version_num')::int as n`)).rows[0]!.n;
  return { postgres, migrations: await appliedMigrations(db), tables: await factsOf(db) };
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Writes `data` to `file` whole or not at all: a temporary file beside it, flushed to disk, then renamed. */
function writeDurably(file: string, data: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  try {
    writeFileSync(part, data);
    const fd = openSync(part, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(part, file);
  } finally {
    rmSync(part, { force: true });
  }
  const d = openSync(dirname(file), 'r');
  try {
    fsyncSync(d); // the rename itself
  } finally {
    closeSync(d);
  }
}

/** Backs the embedded database in `dataDir` up into `file`; refuses (exit 3) while a server has it open. */
export async function backup(dataDir: string, file: string): Promise<Manifest> {
  const db = await openForTool(dataDir, 'backup');
  let manifest: Manifest;
  let pgdata: Uint8Array;
  try {
    await db.exec('checkpoint'); // the data files complete, so a restore does not start by replaying WAL
    const facts = await describe(db);
    const dump = new Uint8Array(await (await db.dump()).arrayBuffer());
    pgdata = joinRecords(
      readTar(dump)
        .filter((e) => !notData(e.name))
        .map((e) => e.raw),
      true,
    );
    manifest = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), ...facts, pgdata: { bytes: pgdata.length, sha256: sha256(pgdata) } };
  } finally {
    await db.close();
  }
  const tar = writeTar([
    { name: 'manifest.json', data: new TextEncoder().encode(JSON.stringify(manifest, null, 2) + '\n') },
    { name: 'pgdata.tar', data: pgdata },
  ]);
  writeDurably(file, gzipSync(tar));
  return manifest;
}

/** A backup file read and checked: its manifest valid, its data directory the one the manifest describes (sha-256). */
export function readBackup(file: string): { manifest: Manifest; pgdata: Uint8Array<ArrayBuffer> } {
  if (!existsSync(file)) throw new ToolError(`No such file: ${file}`, EXIT.usage);
  let entries;
  try {
    entries = readTar(gunzipSync(readFileSync(file)));
  } catch (e) {
    throw new ToolError(`${file} is not a back-office backup (not a readable .tar.gz: ${(e as Error).message})`, EXIT.invalid);
  }
  const raw = entries.find((e) => e.name === 'manifest.json');
  const pgdata = entries.find((e) => e.name === 'pgdata.tar')?.data.slice();
  if (!raw || !pgdata) throw new ToolError(`${file} is not a back-office backup (it has no manifest.json and pgdata.tar)`, EXIT.invalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw.data));
  } catch {
    parsed = undefined;
  }
  const m = v.safeParse(Manifest, parsed);
  if (!m.success) throw new ToolError(`${file}: its manifest is not valid (${v.getDotPath(m.issues[0]) ?? 'manifest'}: ${m.issues[0].message})`, EXIT.invalid);
  if (pgdata.length !== m.output.pgdata.bytes || sha256(pgdata) !== m.output.pgdata.sha256)
    throw new ToolError(`${file} is damaged: its data differ from what the manifest recorded (size or sha-256)`, EXIT.invalid);
  const unknown = m.output.migrations.filter((x) => !migrationNames().includes(x));
  if (unknown.length)
    throw new ToolError(`${file} was made by a newer version of the back office (migrations this one does not have: ${unknown.join(', ')}); restore it with that version`, EXIT.invalid);
  return { manifest: m.output, pgdata };
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores `file` into `dataDir`: refuses a directory that is not empty unless `force` (and
 * always one a running server holds), loads the backup into a new directory beside it,
 * checks migrations and every table's count and checksum against the manifest, and only
 * then moves it into place (with `force`, the old directory is removed after that).
 */
export async function restore(file: string, dataDir: string, opts: { force: boolean }): Promise<{ manifest: Manifest; replaced: boolean }> {
  const { manifest, pgdata } = readBackup(file);
  const target = resolve(dataDir);
  const replacing = !isEmptyDir(target);
  if (replacing && !opts.force) throw new ToolError(`${target} is not empty: restoring would overwrite it. Give --force to replace what it holds, or another --data-dir.`, EXIT.refused);
  let unlock = () => {};
  if (existsSync(target)) {
    try {
      unlock = lockDataDir(target);
    } catch (e) {
      if (e instanceof DataDirInUseError) throw new ToolError(`${e.message}\nStop the server before restoring into its data directory.`, EXIT.inUse);
      throw e;
    }
  }
  const fresh = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  try {
    rmSync(fresh, { recursive: true, force: true });
    const db = await openPglite(fresh, { load: new Blob([pgdata]) });
    try {
      const now = await describe(db);
      const problems = [...(now.migrations.join() === manifest.migrations.join() ? [] : ['the applied migrations differ']), ...factsDiffer(manifest.tables, now.tables)];
      if (problems.length) throw new ToolError(`The restored database is not what the backup recorded, nothing was changed:\n  ${problems.join('\n  ')}`, EXIT.invalid);
    } finally {
      await db.close();
    }
    if (replacing) {
      const old = join(dirname(target), `.${basename(target)}.replaced-${process.pid}`);
      renameSync(target, old);
      renameSync(fresh, target);
      rmSync(old, { recursive: true, force: true });
    } else {
      rmSync(target, { recursive: true, force: true }); // an empty directory (or none)
      renameSync(fresh, target);
    }
  } finally {
    unlock();
    rmSync(fresh, { recursive: true, force: true });
  }
  return { manifest, replaced: replacing };
}
