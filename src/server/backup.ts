/**
 * `npm run backup -- [file] [--data-dir DIR]`: the embedded database (PGlite in DATA_DIR) into
 * one .tar.gz with its manifest (src/server/db/backup.ts). Refuses while a server has the
 * directory open (exit 3): PGlite is one process's database.
 */
import { resolve } from 'node:path';
import { backup, EXIT, ToolError } from './db/backup.ts';
import { dataDirOf, EXIT_CODES, runCommand } from './commands/run.ts';

const usage = `Usage: npm run backup -- [FILE] [--data-dir DIR]
Writes the embedded database of DIR (default: DATA_DIR, else ./data) into FILE
(default: backup-<UTC date and time>.tar.gz here). Stop the server first.
${EXIT_CODES}`;

await runCommand('backup', usage, { 'data-dir': { type: 'string' } }, async ({ values, positionals }) => {
  if (positionals.length > 1) throw new ToolError(`one file at most\n\n${usage}`, EXIT.usage);
  const file = resolve(positionals[0] ?? `backup-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}Z.tar.gz`);
  const m = await backup(dataDirOf(values), file);
  const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
  console.log(`backup: ${file}\n  ${Object.keys(m.tables).length} tables, ${rows} rows, ${m.migrations.length} migrations (last ${m.migrations.at(-1) ?? 'none'}), made ${m.createdAt}`);
});
