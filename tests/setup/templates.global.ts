/**
 * Global set-up: the test templates are built once per run, per engine and data set, by one
 * child process (buildTemplates.ts) that starts before the first test and works beside the
 * unit tests; API and browser tests wait for the template they need (templates.ts
 * `whenPresent`). The day and the source tree's key are fixed here for the whole run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDER_ENV, failedMarkOf, pgliteFileOf, serverMarkOf, TEMPLATE_SETS, templateDir, today, treeKey } from '../api/templates.ts';

let child: ChildProcess | undefined;
/** The run is over: the builder is stopped on purpose, nobody waits for what it had not made. */
let stopping = false;

export default function setup(): () => void {
  process.env.BO_TEST_TEMPLATE_DAY = today();
  process.env.BO_TEST_TEMPLATE_TREE = treeKey();
  process.env[BUILDER_ENV] = '1';
  const admin = process.env.TEST_DATABASE_URL;
  const targets = [...TEMPLATE_SETS.map(pgliteFileOf), ...(admin ? TEMPLATE_SETS.map((s) => serverMarkOf(s, admin)) : [])];
  mkdirSync(templateDir, { recursive: true });
  // This run's signals start over: an earlier run's failure is retried, and a server template is
  // marked again once the builder has seen its database (it may have been dropped since).
  for (const t of targets) {
    rmSync(failedMarkOf(t), { force: true });
    if (!t.endsWith('.tar')) rmSync(t, { force: true });
  }
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'buildTemplates.ts')], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  child.on('exit', (code, signal) => {
    if (code === 0 || stopping) return;
    // Whatever it left unmade is failed now: the tests waiting for it stop with this reason.
    for (const t of targets) {
      if (!existsSync(t) && !existsSync(failedMarkOf(t))) writeFileSync(failedMarkOf(t), `the template builder stopped (${signal ?? `exit code ${code}`})`);
    }
  });
  return () => {
    stopping = true;
    if (child && child.exitCode === null) child.kill();
  };
}
