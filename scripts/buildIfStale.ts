/**
 * `npm start`'s build (and `npm test`'s, tests/setup/run.ts): codegen, the UI's build and the
 * storefront's, each run only when what it reads changed since its last successful run.
 *
 * A part's *inputs* (the files and folders listed in PARTS below, by content) and the
 * environment variables that change its output make one SHA-256; after a successful run it is
 * written beside the part's outputs (`<stamp>` = `.build-hash`) with a listing of those outputs
 * (paths, sizes, modification times). The next run skips the part when both still match: the
 * same inputs, and the outputs as that run left them (none deleted, none rewritten). Anything
 * else runs it: a changed, added or removed input file, a missing or foreign stamp, an output
 * changed by hand.
 *
 * The stamp is deleted before a part runs and written only after it succeeded, with the input
 * hash taken *before* it ran: a failed or interrupted run leaves no stamp (the next start runs
 * it again), and a file edited while it ran makes the next start run it again.
 *
 * `tsx scripts/buildIfStale.ts` runs what is stale; `--force` runs every part (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The stamp's file name, in the part's output folder; never part of any hash (nor its `.tmp` while written). */
export const STAMP = '.build-hash';

export interface Part {
  name: string;
  /** The command, run in the root: a tool of node_modules/.bin, or an absolute path. */
  run: { tool: string; args: string[] };
  /** Files and folders (relative to the root) whose content decides the output. A missing one counts too (adding it is a change). */
  inputs: string[];
  /** What the command writes. Never part of the inputs (codegen writes into src/ and schemas/); a later part's outputs inside them are not this part's (dist/sf in dist). */
  outputs: string[];
  /** The stamp's path (relative to the root), beside the outputs: deleting the outputs deletes it. */
  stamp: string;
  /** Environment variables that change the output. */
  env?: RegExp;
}

/** What every build reads besides its own files: the dependencies as locked and as installed (npm's hidden lockfile), the TypeScript settings. */
const DEPENDENCIES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json'];
/** The application's sources: code, descriptors, schemas, catalogues. */
const SOURCES = ['src', 'screens', 'schemas', 'locales'];
/** What Vite reads in a production build besides its config: the .env files, NODE_ENV and VITE_* variables. */
const VITE_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];
const VITE_ENV = /^(NODE_ENV|VITE_.*)$/;

/**
 * The parts in order (a later one reads an earlier one's output: the builds read src/generated/).
 * A new file the builds or codegen read outside these paths must be added here.
 */
export const PARTS: Part[] = [
  {
    name: 'codegen',
    run: { tool: 'tsx', args: ['codegen/index.ts'] },
    inputs: [...SOURCES, 'codegen', ...DEPENDENCIES],
    outputs: ['src/generated', 'schemas/openapi.yaml', 'schemas/screen.schema.json'],
    stamp: `src/generated/${STAMP}`,
  },
  {
    name: 'vite build',
    run: { tool: 'vite', args: ['build'] },
    inputs: [...SOURCES, 'index.html', 'public', 'vite.config.ts', ...VITE_ENV_FILES, ...DEPENDENCIES],
    outputs: ['dist'],
    stamp: `dist/${STAMP}`,
    env: VITE_ENV,
  },
  {
    name: 'vite build (storefront)',
    run: { tool: 'vite', args: ['build', '-c', 'vite.storefront.config.ts'] },
    inputs: [...SOURCES, 'vite.storefront.config.ts', ...VITE_ENV_FILES, ...DEPENDENCIES],
    outputs: ['dist/sf'],
    stamp: `dist/sf/${STAMP}`,
    env: VITE_ENV,
  },
];

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every file and folder under `rel` (itself included) not under `skip`: one line each, in a fixed order, `line` saying what is recorded of a file. */
function listing(root: string, rels: string[], skip: string[], line: (abs: string, rel: string, size: number, mtimeMs: number) => string): string {
  const out: string[] = [];
  const visit = (rel: string) => {
    if (skip.some((s) => inside(rel, s))) return;
    const abs = join(root, rel);
    let st;
    try {
      st = statSync(abs);
    } catch {
      out.push(`- ${rel}`);
      return;
    }
    if (st.isDirectory()) {
      out.push(`d ${rel}`);
      for (const name of readdirSync(abs).sort(byName)) if (!name.startsWith(STAMP)) visit(`${rel}/${name}`);
    } else out.push(line(abs, rel, st.size, st.mtimeMs));
  };
  for (const rel of rels) visit(rel);
  return out.join('\n');
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The part's inputs by content, its command and the environment variables it reads: one hash. */
export function inputHash(root: string, part: Part, env: NodeJS.ProcessEnv = process.env): string {
  const vars = part.env
    ? Object.keys(env)
        .filter((k) => part.env!.test(k))
        .sort(byName)
    : [];
  const files = listing(root, part.inputs, part.outputs, (abs, rel) => `f ${rel} ${sha256(readFileSync(abs))}`);
  return sha256(['build-hash 1', part.name, JSON.stringify(part.run), ...vars.map((k) => `${k}=${env[k]}`), files].join('\n'));
}

/** The part's outputs as they are now (paths, sizes, modification times), another part's inside them left out (dist/sf in dist). */
export function outputHash(root: string, part: Part, parts: Part[] = PARTS): string {
  const others = parts.filter((p) => p !== part).flatMap((p) => p.outputs.filter((o) => part.outputs.some((mine) => o !== mine && inside(o, mine))));
  return sha256(listing(root, part.outputs, others, (_abs, rel, size, mtimeMs) => `f ${rel} ${size} ${mtimeMs}`));
}

interface Stamp {
  inputs: string;
  outputs: string;
}

function readStamp(root: string, part: Part): Stamp | undefined {
  try {
    const s = JSON.parse(readFileSync(join(root, part.stamp), 'utf8')) as Partial<Stamp>;
    return typeof s.inputs === 'string' && typeof s.outputs === 'string' ? { inputs: s.inputs, outputs: s.outputs } : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a rename): an interrupted write leaves no stamp. */
function writeStamp(root: string, part: Part, stamp: Stamp): void {
  const path = join(root, part.stamp);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(stamp)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** Runs a part's command in `cwd` (the root); resolves with its exit code. */
export type Exec = (part: Part, command: string, args: string[], cwd: string) => Promise<number>;

const windows = process.platform === 'win32';

/**
 * The default: the command's output on the terminal. On Windows node_modules/.bin holds `.cmd`
 * files, which run only in a shell: one command line then (Node 24 deprecates arguments beside `shell`).
 */
const inherit: Exec = (_part, command, args, cwd) =>
  new Promise((done) => {
    const child =
      windows && command.endsWith('.cmd') ? spawn([command, ...args].map((a) => `"${a}"`).join(' '), { cwd, stdio: 'inherit', shell: true }) : spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', (e) => {
      console.error(`${command}: ${e.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });

export interface Outcome {
  name: string;
  /** `current`: skipped, its stamp matched. */
  status: 'current' | 'built' | 'failed';
  code: number;
  seconds: number;
}

/** One part: skipped when current (unless `force`), else its stamp deleted, the command run, and the stamp written after it succeeded. */
export async function buildPart(root: string, part: Part, opts: { force?: boolean; exec?: Exec; parts?: Part[]; env?: NodeJS.ProcessEnv } = {}): Promise<Outcome> {
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  const parts = opts.parts ?? PARTS;
  const env = opts.env ?? process.env;
  const inputs = inputHash(root, part, env);
  const stamp = readStamp(root, part);
  if (!opts.force && stamp?.inputs === inputs && stamp.outputs === outputHash(root, part, parts)) return { name: part.name, status: 'current', code: 0, seconds: seconds() };
  rmSync(join(root, part.stamp), { force: true });
  const tool = isAbsolute(part.run.tool) ? part.run.tool : join(root, 'node_modules', '.bin', windows ? `${part.run.tool}.cmd` : part.run.tool);
  const code = await (opts.exec ?? inherit)(part, tool, part.run.args, root);
  if (code !== 0) return { name: part.name, status: 'failed', code, seconds: seconds() };
  writeStamp(root, part, { inputs, outputs: outputHash(root, part, parts) });
  return { name: part.name, status: 'built', code: 0, seconds: seconds() };
}

/** The parts in order, each when stale; stops at the first failure (a later part reads an earlier one's output). */
export async function buildIfStale(root: string, opts: { force?: boolean; exec?: Exec; parts?: Part[]; env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {}): Promise<Outcome[]> {
  const log = opts.log ?? console.log;
  const done: Outcome[] = [];
  for (const part of opts.parts ?? PARTS) {
    const o = await buildPart(root, part, opts);
    done.push(o);
    if (o.status === 'current') log(`build: ${o.name} is current (its inputs are unchanged since its last successful run)`);
    else if (o.status === 'failed') {
      log(`build: ${o.name} FAILED (exit ${o.code})`);
      break;
    } else log(`build: ${o.name} done in ${o.seconds.toFixed(1)} s`);
  }
  return done;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const root = resolve(import.meta.dirname, '..');
  const outcomes = await buildIfStale(root, { force: process.argv.includes('--force') });
  process.exit(outcomes.find((o) => o.code !== 0)?.code ?? 0);
}
