/**
 * What the backup, move and durability tests share: running the npm commands as a user
 * does (a child process in the project root), a PGlite data directory holding the seeded
 * template, and per-table row counts and checksums computed here — a formula of the test's
 * own (md5 of the rows' text in "C" order), not the tools' (src/server/db/tables.ts), so the
 * tools are not checked against themselves.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readTar } from '../../src/server/db/tar.ts';
import type { Db, Queryable } from '../../src/server/db/types.ts';
import { PRODUCTS } from './harness.ts';
import { pgliteTemplateFile, seededPglite } from './templates.ts';

export const root = join(import.meta.dirname, '..', '..');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- args` as `tsx <file>`, with DATA_DIR and the like from `env`. */
export function runScript(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, file), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * The seeded demo data set (tests/api/templates.ts) as a PGlite data directory at `dir`: the
 * template's tar written out file by file (a tenth of the time of PGlite loading it and
 * writing it back through its file system; the template is checkpointed, so nothing replays).
 */
export async function templateDataDir(dir: string): Promise<void> {
  for (const e of readTar(readFileSync(await pgliteTemplateFile({ demo: true, products: PRODUCTS })))) {
    const path = join(dir, e.name);
    if (e.type === '5') mkdirSync(path, { recursive: true, mode: 0o700 });
    else if (e.type === '0') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, e.data, { mode: 0o600 });
    } else throw new Error(`template tar: ${e.name} is neither a file nor a directory (type ${e.type})`);
  }
}

/** The same data set in memory, to compare with. */
export const templateInMemory = () => seededPglite({ demo: true, products: PRODUCTS });

/** Every table outside PostgreSQL's own schemas, schema-qualified and quoted. */
export async function tablesOf(q: Queryable): Promise<string[]> {
  const r = await q.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1`,
  );
  return r.rows.map((x) => x.t);
}

/** Per table: `rows md5` — the count and the md5 of all rows' text joined in "C" order, values written alike on both engines. */
export function tableSums(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (q) => {
    const out: Record<string, string> = {};
    await q.exec(`set local timezone to 'UTC'; set local datestyle to 'ISO, YMD'; set local extra_float_digits to 1; set local bytea_output to 'hex'`);
    for (const t of await tablesOf(q)) {
      const r = await q.query<{ n: number; sum: string }>(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as sum from only ${t} t`);
      out[t] = `${r.rows[0]!.n} ${r.rows[0]!.sum}`;
    }
    return out;
  });
}

/** Per sequence: `last_value is_called`. */
export async function sequenceStates(q: Queryable): Promise<Record<string, string>> {
  const r = await q.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of r.rows) {
    const s = (await q.query<{ v: string; c: boolean }>(`select last_value::text as v, is_called as c from ${t}`)).rows[0]!;
    out[t] = `${s.v} ${s.c}`;
  }
  return out;
}
