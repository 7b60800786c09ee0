import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXIT, ToolError } from '../db/backup.ts';

/**
 * Runs one of the data commands (backup, restore, move-to-postgres): arguments parsed
 * strictly (an unknown option is a usage error, exit 2), `--help` prints the usage, a
 * ToolError ends with its message and exit code, anything else with exit 1.
 */
export async function runCommand<O extends NonNullable<ParseArgsConfig['options']>>(
  name: string,
  usage: string,
  options: O,
  main: (args: { values: Record<string, string | boolean | undefined>; positionals: string[] }) => Promise<void>,
): Promise<void> {
  let args: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    args = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}\n\n${usage}`);
    process.exitCode = EXIT.usage;
    return;
  }
  if (args.values.help) {
    console.log(usage);
    return;
  }
  try {
    await main(args);
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    process.exitCode = e instanceof ToolError ? e.exitCode : EXIT.failed;
  }
}

/** Where the embedded database lives: --data-dir, else DATA_DIR, else ./data (as the server). */
export const dataDirOf = (values: Record<string, string | boolean | undefined>) => (typeof values['data-dir'] === 'string' ? values['data-dir'] : process.env.DATA_DIR || './data');

export const EXIT_CODES = `Exit codes: 0 done, 1 failed, 2 wrong arguments or no database, 3 the data directory is in use by a running server,
4 refused to overwrite (a non-empty directory or database), 5 the backup or the copy did not check out.`;
