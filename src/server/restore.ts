/**
 * `npm run restore -- FILE [--data-dir DIR] [--force]`: a backup (npm run backup) into the
 * embedded database's directory, checked table by table against its manifest before it is
 * put in place (src/server/db/backup.ts).
 */
import { resolve } from 'node:path';
import { EXIT, restore, ToolError } from './db/backup.ts';
import { dataDirOf, EXIT_CODES, runCommand } from './commands/run.ts';

const usage = `Usage: npm run restore -- FILE [--data-dir DIR] [--force]
Restores the backup FILE into DIR (default: DATA_DIR, else ./data), which must be empty or
absent; --force replaces what a non-empty DIR holds. Stop the server first.
${EXIT_CODES}`;

await runCommand('restore', usage, { 'data-dir': { type: 'string' }, force: { type: 'boolean' } }, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new ToolError(`name one backup file\n\n${usage}`, EXIT.usage);
  const dir = resolve(dataDirOf(values));
  const { manifest: m, replaced } = await restore(resolve(positionals[0]!), dir, { force: values.force === true });
  const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
  console.log(`restore: ${dir}${replaced ? ' (what it held was replaced)' : ''}\n  from the backup of ${m.createdAt}: ${Object.keys(m.tables).length} tables, ${rows} rows, all as recorded`);
});
