/**
 * `npm run backup` and `npm run restore` of the embedded database, run as a user runs them
 * (child processes on a real data directory holding the seeded demo data): one file with its
 * manifest, a clear refusal while the directory is in use, a restore that gives back every
 * row of every table (counted and checksummed here), that will not overwrite a non-empty
 * directory without --force, and that refuses damaged or tampered files without touching
 * anything.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../../src/server/db/migrate.ts';
import { openPglite, type PgliteDb } from '../../src/server/db/pglite.ts';
import { readTar, writeTar } from '../../src/server/db/tar.ts';
import { runScript, tableSums, tablesOf, templateDataDir, templateInMemory } from './dataTools.ts';

const work = mkdtempSync(join(tmpdir(), 'bo-backup-'));
const source = join(work, 'data');
const file = join(work, 'backup.tar.gz');
let template: PgliteDb;
let expected: Record<string, string>;

const backupCmd = (args: string[], dataDir = source) => runScript('src/server/backup.ts', args, { DATA_DIR: dataDir });
const restoreCmd = (args: string[]) => runScript('src/server/restore.ts', args);

beforeAll(async () => {
  [template] = await Promise.all([templateInMemory(), templateDataDir(source)]);
  expected = await tableSums(template);
  // A rendering in the image cache (it lives in DATA_DIR): a cache, not data, so not in the backup.
  mkdirSync(join(source, 'image-cache'), { recursive: true });
  writeFileSync(join(source, 'image-cache', 'cached.jpg'), 'not data');
}, 300_000);

afterAll(async () => {
  await template?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore (embedded PGlite)', () => {
  it('refuses clearly while a server holds the data directory, and writes nothing', async () => {
    const server = await openPglite(source); // what a running server holds: the directory's lock
    try {
      const r = await backupCmd([file]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`in use by another process (pid ${process.pid})`);
      expect(r.stderr).toContain('stop the server');
      expect(existsSync(file)).toBe(false);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('writes one .tar.gz: a manifest (migrations, rows and checksum per table, time) and the data directory without the cache and the lock', async () => {
    const before = Date.now();
    const r = await backupCmd([file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`backup: ${file}`);
    const entries = readTar(gunzipSync(readFileSync(file)));
    expect(entries.map((e) => e.name)).toEqual(['manifest.json', 'pgdata.tar']);
    const manifest = JSON.parse(new TextDecoder().decode(entries[0]!.data));
    expect(manifest.format).toBe('backoffice-backup');
    expect(manifest.migrations).toEqual(migrationNames());
    expect(Date.parse(manifest.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(manifest.tables)).toEqual(await tablesOf(template));
    for (const [t, facts] of Object.entries(manifest.tables) as [string, { rows: number }][]) expect(facts.rows, t).toBe(Number(expected[t]!.split(' ')[0]));
    expect(manifest.tables['app.products'].rows).toBeGreaterThan(1000);
    const names = readTar(entries[1]!.data).map((e) => e.name);
    expect(names).toContain('PG_VERSION');
    expect(names.filter((n) => n.startsWith('image-cache') || n === 'backoffice.pid')).toEqual([]);
  }, 240_000);

  it('restores into an empty directory: every table has the same rows (count and checksum)', async () => {
    const target = join(work, 'restored');
    const r = await restoreCmd([file, '--data-dir', target]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('all as recorded');
    const db = await openPglite(target);
    try {
      expect(await tableSums(db)).toEqual(expected);
    } finally {
      await db.close();
    }
  }, 240_000);

  it('will not overwrite a non-empty directory without --force; with it, the backup replaces what was there', async () => {
    const target = join(work, 'restored');
    let db = await openPglite(target);
    await db.query(`insert into app.brands (brand_name) values ('Written after the backup')`);
    await db.close();
    const refused = await restoreCmd([file, '--data-dir', target]);
    expect(refused.code, refused.stderr).toBe(4);
    expect(refused.stderr).toContain('is not empty');
    expect(refused.stderr).toContain('--force');
    const forced = await restoreCmd([file, '--data-dir', target, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('replaced');
    db = await openPglite(target);
    try {
      expect((await db.query(`select 1 from app.brands where brand_name = 'Written after the backup'`)).rows).toEqual([]);
      expect(await tableSums(db)).toEqual(expected);
    } finally {
      await db.close();
    }
    expect(readdirSync(work).filter((n) => n.startsWith('.'))).toEqual([]); // no half-restored or replaced directory left
  }, 300_000);

  it('refuses a file that is not a backup, a damaged one, and one whose data do not match its manifest; the target stays untouched', async () => {
    const target = join(work, 'never');
    const tar = gunzipSync(readFileSync(file));
    const entries = readTar(tar);
    const manifest = JSON.parse(new TextDecoder().decode(entries[0]!.data));

    writeFileSync(join(work, 'junk.tar.gz'), 'not a backup at all');
    const junk = await restoreCmd([join(work, 'junk.tar.gz'), '--data-dir', target]);
    expect(junk.code, junk.stderr).toBe(5);
    expect(junk.stderr).toContain('is not a back-office backup');

    const flipped = Buffer.from(tar);
    const at = 512 + padded(entries[0]!.data.length) + 512 + 700_000; // inside pgdata.tar
    flipped[at] = flipped[at]! ^ 0xff;
    writeFileSync(join(work, 'damaged.tar.gz'), gzipSync(flipped));
    const damaged = await restoreCmd([join(work, 'damaged.tar.gz'), '--data-dir', target]);
    expect(damaged.code, damaged.stderr).toBe(5);
    expect(damaged.stderr).toContain('is damaged');

    // A manifest that says one more product than the data hold (its sha-256 of the data still right): the table check finds it.
    manifest.tables['app.products'].rows += 1;
    writeFileSync(
      join(work, 'lying.tar.gz'),
      gzipSync(
        writeTar([
          { name: 'manifest.json', data: new TextEncoder().encode(JSON.stringify(manifest)) },
          { name: 'pgdata.tar', data: entries[1]!.data },
        ]),
      ),
    );
    const lying = await restoreCmd([join(work, 'lying.tar.gz'), '--data-dir', target]);
    expect(lying.code, lying.stderr).toBe(5);
    expect(lying.stderr).toMatch(/app\.products: \d+ rows against \d+/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work).filter((n) => n.startsWith('.'))).toEqual([]);

    const usage = await restoreCmd([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run restore');
  }, 240_000);
});

const padded = (n: number) => Math.ceil(n / 512) * 512;
