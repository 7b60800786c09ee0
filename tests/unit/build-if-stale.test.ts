/**
 * scripts/buildIfStale.ts (`npm start`'s build): a part runs only when its inputs changed since
 * its last successful run, and a failed or interrupted run never leaves a stamp saying "current".
 * The real PARTS on a small fake tree, their commands replaced by fakes that write what codegen
 * and Vite write (Vite's emptied output folder included); then one real command (node) spawned.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, buildPart, PARTS, STAMP, type Exec, type Part } from '../../scripts/buildIfStale.ts';

let root = '';
const write = (rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');
const exists = (rel: string) => existsSync(join(root, rel));
/** Every file under a folder of the fake tree, its content joined: what a fake build "compiles". */
const content = (rel: string): string =>
  statSync(join(root, rel)).isDirectory()
    ? readdirSync(join(root, rel))
        .sort()
        .map((n) => content(`${rel}/${n}`))
        .join('\n')
    : read(rel);

/** What each real part reads (PARTS' inputs), a file or two each; codegen's outputs are committed in schemas/ like the real ones. */
function fakeTree() {
  root = mkdtempSync(join(tmpdir(), 'bo-build-if-stale-'));
  write('src/app/main.ts', 'export const app = 1;\n');
  write('src/storefront/client/islands.ts', 'export const islands = 1;\n');
  write('src/core/langs.ts', "export const LANGS = ['en'];\n");
  write('screens/products/brands.ts', "export default { form: 'brands' };\n");
  write('schemas/screen.ts', 'export type Screen = {};\n');
  write('locales/en.json', '{"hello": "Hello"}\n');
  write('codegen/index.ts', '// codegen\n');
  write('index.html', '<div id="root"></div>\n');
  write('public/favicon.svg', '<svg/>\n');
  write('vite.config.ts', 'export default {};\n');
  write('vite.storefront.config.ts', 'export default {};\n');
  write('package.json', '{"name": "fake"}\n');
  write('package-lock.json', '{"lockfileVersion": 3}\n');
  write('node_modules/.package-lock.json', '{"lockfileVersion": 3}\n');
  write('tsconfig.json', '{}\n');
}

/** Fakes of the real commands: codegen writes src/generated/ and schemas/openapi.yaml; each Vite build empties its outDir first. `fail` names a part that writes half its output and exits 1. */
function fakeExec(calls: string[], opts: { fail?: string; during?: (part: Part) => void } = {}): Exec {
  return async (part) => {
    calls.push(part.name);
    opts.during?.(part);
    if (part.name === 'codegen') {
      write('src/generated/screens.ts', `// from\n${content('screens')}`);
      write('schemas/openapi.yaml', `# ${content('src/app')}`);
    } else if (part.name === 'vite build') {
      rmSync(join(root, 'dist'), { recursive: true, force: true });
      write('dist/index.html', content('index.html'));
      if (opts.fail === part.name) return 1;
      write('dist/assets/main.js', content('src'));
      write('dist/favicon.svg', content('public/favicon.svg'));
    } else {
      rmSync(join(root, 'dist/sf'), { recursive: true, force: true });
      if (opts.fail === part.name) return 1;
      write('dist/sf/islands.js', content('src/storefront'));
    }
    return 0;
  };
}

/** One start's build: the names of the parts that ran (built or failed). */
async function start(opts: { fail?: string; during?: (part: Part) => void; env?: NodeJS.ProcessEnv } = {}) {
  const calls: string[] = [];
  const outcomes = await buildIfStale(root, { exec: fakeExec(calls, opts), env: opts.env ?? {}, log: () => {} });
  return { calls, outcomes };
}

const ALL = PARTS.map((p) => p.name);
const [CODEGEN, APP, STOREFRONT] = PARTS as [Part, Part, Part];

describe('buildIfStale: the real parts on a fake tree', () => {
  beforeEach(fakeTree);
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds every part on the first run, skips them all on the second, and a start after a failure builds what failed', async () => {
    const first = await start();
    expect(first.calls).toEqual(ALL);
    expect(first.outcomes.map((o) => o.status)).toEqual(['built', 'built', 'built']);
    for (const p of PARTS) expect(exists(p.stamp), p.stamp).toBe(true);
    expect(CODEGEN.stamp).toBe(`src/generated/${STAMP}`);
    expect(APP.stamp).toBe(`dist/${STAMP}`);

    const second = await start();
    expect(second.calls).toEqual([]);
    expect(second.outcomes.map((o) => o.status)).toEqual(['current', 'current', 'current']);
  });

  it.each([
    ['a screen descriptor', 'screens/products/brands.ts', ALL],
    ['a server or client source file', 'src/app/main.ts', ALL],
    ['a new source file', 'src/app/new.ts', ALL],
    ['a catalogue', 'locales/en.json', ALL],
    // The builds read codegen's output, not codegen: the same output, no build.
    ['codegen itself', 'codegen/index.ts', [CODEGEN.name]],
    ['the lockfile', 'package-lock.json', ALL],
    ['the installed dependencies (npm’s hidden lockfile)', 'node_modules/.package-lock.json', ALL],
    // The app's build empties dist/ (dist/sf with it): the storefront's is built again.
    ['index.html', 'index.html', [APP.name, STOREFRONT.name]],
    ['a file in public/', 'public/favicon.svg', [APP.name, STOREFRONT.name]],
    ['the UI’s Vite config', 'vite.config.ts', [APP.name, STOREFRONT.name]],
    ['a Vite .env file', '.env.production', [APP.name, STOREFRONT.name]],
    ['the storefront’s Vite config', 'vite.storefront.config.ts', [STOREFRONT.name]],
  ])('rebuilds what reads %s when it changes, and nothing else', async (_what, file, rebuilt) => {
    await start();
    write(file, `${exists(file) ? read(file) : ''}// changed\n`);
    expect((await start()).calls).toEqual(rebuilt);
    expect((await start()).calls).toEqual([]);
  });

  it('a deleted input file rebuilds; a file rewritten with the same content does not (the hash is of content, not times)', async () => {
    await start();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/app/main.ts'), later, later);
    write('locales/en.json', read('locales/en.json'));
    expect((await start()).calls).toEqual([]);
    rmSync(join(root, 'src/storefront/client/islands.ts'));
    expect((await start()).calls).toEqual(ALL);
  });

  it('codegen’s own outputs (inside src/ and schemas/) do not make it stale; changed by hand, they make it run again', async () => {
    await start();
    expect(exists('src/generated/screens.ts')).toBe(true);
    write('schemas/openapi.yaml', '# edited by hand\n');
    // codegen writes it back as it was: the UI's inputs are then as they were, so its build stays current.
    expect((await start()).calls).toEqual([CODEGEN.name]);
    rmSync(join(root, 'src/generated'), { recursive: true });
    expect((await start()).calls).toEqual([CODEGEN.name]);
  });

  it('a deleted or rewritten output rebuilds its part', async () => {
    await start();
    rmSync(join(root, 'dist/assets/main.js'));
    expect((await start()).calls).toEqual([APP.name, STOREFRONT.name]);
    rmSync(join(root, 'dist/sf'), { recursive: true });
    expect((await start()).calls).toEqual([STOREFRONT.name]);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'dist/index.html'), later, later);
    expect((await start()).calls).toEqual([APP.name, STOREFRONT.name]);
  });

  it('an environment variable Vite reads (VITE_*, NODE_ENV) rebuilds the UI, not codegen', async () => {
    await start({ env: { PATH: '/bin' } });
    expect((await start({ env: { PATH: '/usr/bin' } })).calls).toEqual([]);
    expect((await start({ env: { PATH: '/bin', VITE_API: 'x' } })).calls).toEqual([APP.name, STOREFRONT.name]);
    expect((await start({ env: { PATH: '/bin', VITE_API: 'x', NODE_ENV: 'development' } })).calls).toEqual([APP.name, STOREFRONT.name]);
  });

  it('a failed build leaves no stamp: the next start builds it (and what follows it) again', async () => {
    await start();
    write('src/app/main.ts', 'export const app = 2;\n');
    const failed = await start({ fail: APP.name });
    expect(failed.calls).toEqual([CODEGEN.name, APP.name]); // stops there: the storefront's is not tried
    expect(failed.outcomes.map((o) => [o.name, o.status, o.code])).toEqual([
      [CODEGEN.name, 'built', 0],
      [APP.name, 'failed', 1],
    ]);
    expect(exists(APP.stamp)).toBe(false);
    expect(exists(STOREFRONT.stamp)).toBe(false);
    expect((await start()).calls).toEqual([APP.name, STOREFRONT.name]);
    expect((await start()).calls).toEqual([]);
  });

  it('a failed build with its old outputs and stamp untouched (it failed before writing) is still run again', async () => {
    await start();
    write('vite.storefront.config.ts', 'export default { broken: true };\n');
    const calls: string[] = [];
    const failing: Exec = async (part) => {
      calls.push(part.name);
      return 1; // before writing anything: dist/sf and its old files stay
    };
    expect((await buildPart(root, STOREFRONT, { exec: failing, env: {} })).status).toBe('failed');
    expect(calls).toEqual([STOREFRONT.name]);
    expect(exists('dist/sf/islands.js')).toBe(true);
    expect(exists(STOREFRONT.stamp)).toBe(false);
    expect((await start()).calls).toEqual([STOREFRONT.name]);
  });

  it('while a part runs it has no stamp (an interrupted run leaves none), and a file edited meanwhile makes the next start run it again', async () => {
    await start();
    write('src/app/main.ts', 'export const app = 3;\n');
    const stampWhileRunning: Record<string, boolean> = {};
    await start({
      during: (part) => {
        stampWhileRunning[part.name] = exists(part.stamp);
        if (part.name === APP.name) write('src/app/main.ts', 'export const app = 4;\n'); // saved in the editor mid-build
      },
    });
    expect(stampWhileRunning).toEqual({ [CODEGEN.name]: false, [APP.name]: false, [STOREFRONT.name]: false });
    expect((await start()).calls).toEqual(ALL);
  });

  it('--force (`npm run build`) runs every part', async () => {
    await start();
    const calls: string[] = [];
    await buildIfStale(root, { force: true, exec: fakeExec(calls), env: {}, log: () => {} });
    expect(calls).toEqual(ALL);
  });
});

describe('buildIfStale: a real command', () => {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bo-build-if-stale-'));
    // A build that copies in/ to out/ and counts its runs; "fail" in its input makes it exit 2 after writing half its output.
    write(
      'build.mjs',
      `import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
appendFileSync('runs.log', 'run\\n');
const src = readFileSync('in/a.txt', 'utf8');
mkdirSync('out', { recursive: true });
writeFileSync('out/a.txt', src.slice(0, 2));
if (src.includes('fail')) process.exit(2);
writeFileSync('out/a.txt', src);
`,
    );
    write('in/a.txt', 'one\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const part: Part = { name: 'copy', run: { tool: process.execPath, args: ['build.mjs'] }, inputs: ['in', 'build.mjs'], outputs: ['out'], stamp: `out/${STAMP}` };
  const runs = () => (exists('runs.log') ? read('runs.log').split('\n').length - 1 : 0);
  const build = () => buildPart(root, part, { parts: [part], env: {} });

  it('runs it in the root, skips it when current, passes its exit code on and leaves no stamp when it fails', async () => {
    expect(await build()).toMatchObject({ status: 'built', code: 0 });
    expect(read('out/a.txt')).toBe('one\n');
    expect(await build()).toMatchObject({ status: 'current', code: 0 });
    expect(runs()).toBe(1);

    write('in/a.txt', 'two\n');
    expect(await build()).toMatchObject({ status: 'built' });
    expect(read('out/a.txt')).toBe('two\n');
    expect(runs()).toBe(2);

    write('in/a.txt', 'fail\n');
    expect(await build()).toMatchObject({ status: 'failed', code: 2 });
    expect(exists(part.stamp)).toBe(false);
    expect(await build()).toMatchObject({ status: 'failed', code: 2 });
    expect(runs()).toBe(4);

    write('in/a.txt', 'two\n'); // back to the inputs of the last success: built again, its outputs were overwritten
    expect(await build()).toMatchObject({ status: 'built' });
    expect(await build()).toMatchObject({ status: 'current' });
    expect(runs()).toBe(5);
  });
});
