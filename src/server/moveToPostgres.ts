/**
 * `npm run move-to-postgres -- --to postgres://… [--data-dir DIR | --from BACKUP]`: the
 * embedded database (or a backup of it) copied into an empty database on a PostgreSQL server
 * and checked table by table (src/server/db/move.ts); then the server runs on it with
 * DATABASE_URL.
 */
import { resolve } from 'node:path';
import { EXIT, openForTool, readBackup, ToolError } from './db/backup.ts';
import { moveToPostgres } from './db/move.ts';
import { openPglite } from './db/pglite.ts';
import { dataDirOf, EXIT_CODES, runCommand } from './commands/run.ts';

const usage = `Usage: npm run move-to-postgres -- --to postgres://USER:PASSWORD@HOST:5432/DB [--data-dir DIR | --from BACKUP]
Copies the embedded database of DIR (default: DATA_DIR, else ./data; stop the server first),
or the backup file BACKUP, into the empty database DB, checks every table's rows, and says
how to start the server on it (DATABASE_URL).
${EXIT_CODES}`;

/** The URL as it may be shown: without its password. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(the --to URL)';
  }
}

await runCommand('move-to-postgres', usage, { to: { type: 'string' }, from: { type: 'string' }, 'data-dir': { type: 'string' } }, async ({ values, positionals }) => {
  const to = values.to;
  if (typeof to !== 'string' || !/^postgres(ql)?:\/\//.test(to)) throw new ToolError(`--to postgres://… is required\n\n${usage}`, EXIT.usage);
  if (positionals.length || (values.from !== undefined && values['data-dir'] !== undefined))
    throw new ToolError(`--from and --data-dir exclude each other; no other arguments\n\n${usage}`, EXIT.usage);
  const from = typeof values.from === 'string' ? resolve(values.from) : undefined;
  const source = from ? await openPglite(undefined, { load: new Blob([readBackup(from).pgdata]) }) : await openForTool(dataDirOf(values), 'move');
  try {
    const moved = await moveToPostgres(source, to, (line) => console.log(line));
    console.log(`move-to-postgres: ${moved.tables} tables, ${moved.rows} rows and ${moved.sequences} sequences copied into ${shown(to)}; every table checked (rows and checksum).
Start the server on it with DATABASE_URL set to that database (and DATA_DIR no longer used), e.g.
  DATABASE_URL='${shown(to)}' npm start
Keep ${from ?? resolve(dataDirOf(values))} until you are content: it was not changed${moved.sourceMigrated.length ? ' (beyond the migrations it lacked)' : ''}.`);
  } finally {
    await source.close();
  }
});
