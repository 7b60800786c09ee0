import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/pglite.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bo-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const openInChild = (d: string) =>
  run(process.execPath, [
    '--import',
    'tsx',
    '-e',
    `import('${process.cwd()}/src/server/db/pglite.ts').then(async (m) => { const db = await m.openPglite('${d}'); await db.query('select 1'); await db.close(); console.log('opened'); })`,
  ]).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe('the PGlite data directory', () => {
  it('refuses a second process with a clear message, keeps the data, and is free again after close', async () => {
    const db = await openPglite(dir);
    await db.exec('create table kept (x int); insert into kept values (42);');
    const second = await openInChild(dir);
    expect(second.code).not.toBe(0);
    expect(second.out).toContain('is in use by another process');
    expect((await db.query<{ x: number }>('select x from kept')).rows).toEqual([{ x: 42 }]);
    await db.close();
    const third = await openInChild(dir);
    expect(third.out).toContain('opened');
  }, 60_000);

  it('takes over a lock left by a process that is gone', async () => {
    const d = mkdtempSync(join(tmpdir(), 'bo-stale-'));
    writeFileSync(join(d, 'backoffice.pid'), '999999');
    const db = await openPglite(d);
    await db.close();
    rmSync(d, { recursive: true, force: true });
  }, 60_000);
});
