/**
 * `npm test`: codegen (everything reads its output) and the UI builds (the browser tests load
 * them) — each only when what it reads changed since its last successful run, the same exact
 * check as `npm start`'s (scripts/buildIfStale.ts: a hash of the inputs' content) — then the
 * static checks — tsc, ESLint, Prettier, knip — side by side with the tests, not before them: on
 * two cores the checks fill the time the tests spend waiting for the browser and the servers. The
 * checks' output is held and shown when each ends (in full when it failed). The exit code is the
 * first failure's.
 *
 * `npm test -- <vitest arguments>` (a file, `--project api`) runs that part of the suite after
 * codegen and the builds, without the static checks; a run without arguments is the full run
 * that keeps tests/setup/durations.json current.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildPart, PARTS, type Exec } from '../../scripts/buildIfStale.ts';
import { machineSpeed } from './machineSpeed.ts';

const root = join(import.meta.dirname, '..', '..');
const bin = (tool: string) => join(root, 'node_modules', '.bin', tool);

interface Done {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

/** A command in the project's root: its output shown as it comes (`live`) or held for the end. */
function run(name: string, cmd: string, args: string[], opts: { live?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Done> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...opts.env }, stdio: opts.live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    const finish = (code: number) => resolve({ name, code, seconds: (performance.now() - start) / 1000, output });
    child.on('error', (e) => {
      output += `${e.message}\n`;
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** A check's outcome as it ends: one line when it passed, its whole output when it failed. */
function report(d: Done): Done {
  const head = `[npm test] ${d.name}: ${d.code === 0 ? 'ok' : `FAILED (exit ${d.code})`} in ${d.seconds.toFixed(0)} s`;
  console.log(d.code === 0 ? head : `\n${head}\n${d.output.trimEnd()}\n`);
  return d;
}

const vitestArgs = process.argv.slice(2);
const full = vitestArgs.length === 0;

// Before anything else runs: the figure to compare this run's durations with another's by.
if (full) console.log(`[npm test] machine speed: ${machineSpeed()} ms for a fixed piece of work (tests/setup/machineSpeed.ts; lower is faster)`);

// codegen with its output shown as it comes, the builds' held (warnings only); a part whose
// inputs are as at its last successful run is not run (one line saying so).
const builds: Done[] = [];
for (const part of PARTS) {
  const live = part.name === 'codegen';
  const ran: Done[] = [];
  const exec: Exec = async (_part, cmd, args) => (ran[0] = await run(part.name, cmd, live ? args : [...args, '--logLevel', 'warn'], { live })).code;
  const outcome = await buildPart(root, part, { exec });
  const b = ran[0] ?? { name: `${part.name} (current)`, code: 0, seconds: outcome.seconds, output: '' };
  if (outcome.status === 'current') console.log(`[npm test] ${part.name}: current (inputs unchanged since its last successful run)`);
  else if (!live) report(b);
  if (live && b.code !== 0) process.exit(b.code);
  builds.push(b);
  if (b.code !== 0) break;
}
// The checks start with the tests, at a lower priority: the tests' browsers and servers come
// first, the checks take the time they leave (the builds, which the tests wait for, ran alone).
const nice = (path: string, args: string[]): [string, string[]] => (process.platform === 'win32' ? [path, args] : ['nice', ['-n', '10', path, ...args]]);
// tsc is TypeScript 7 (the native compiler, package typescript-7): the same checks as 5.9's in a
// third of its time; one thread, as the run is CPU-bound. (typescript-eslint and openapi-typescript
// need 5.9's JavaScript API, which 7 does not have: that stays the package `typescript`.)
const checks = full
  ? [
      run('tsc --noEmit', ...nice(join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'), ['--noEmit', '--singleThreaded'])),
      run('eslint', ...nice(bin('eslint'), ['.'])),
      run('prettier --check', ...nice(bin('prettier'), ['--check', '.', '--log-level', 'warn'])),
      // Dead code: files, exports and dependencies nothing uses, imports package.json does not
      // list (knip.jsonc says the entries; ~3 CPU-s). It reads src/generated, so after codegen.
      run('knip', ...nice(bin('knip'), ['--no-progress'])),
    ].map((p) => p.then(report))
  : [];
const built = builds.every((b) => b.code === 0);
const tests = built ? await run('vitest', bin('vitest'), ['run', ...vitestArgs], { live: true, env: full ? { TEST_FULL_RUN: '1' } : {} }) : undefined;
const done = [...builds, ...(await Promise.all(checks)), ...(tests ? [tests] : [])];

console.log(`\n[npm test] ${done.map((d) => `${d.name} ${d.code === 0 ? 'ok' : 'FAILED'} (${d.seconds.toFixed(0)} s)`).join(' · ')}`);
process.exit(done.find((d) => d.code !== 0)?.code ?? (tests ? 0 : 1));
