/**
 * The layers are enforced by lint (eslint.config.js `layers`, docs/architecture.md Layers):
 * snippets linted at paths in each layer — files that do not exist; what they import does —
 * are refused where a layer may not reach, and pass where it may. And no module imports
 * itself through others (lint/noCycle.js): modules written to a scratch directory that
 * import each other are refused, whatever the kind of import.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes are no files of the TypeScript project, so the rules that need its types are off
// for them (they test the layers, not those rules).
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
const RULE = 'import-x/no-restricted-paths';

/** The layer messages of a snippet linted as the file at `path` (relative to the repository). */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, `${path} does not parse`).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('layers', () => {
  it.each([
    ['the server → the app', 'src/server/http/layerProbe.ts', "import { geometry } from '../../app/grid/layout.ts';\nexport const g = geometry;\n"],
    ['the server → the app, a type only', 'src/server/http/layerProbe.ts', "import type { GridColumn } from '../../app/grid/types.ts';\nexport type C = GridColumn;\n"],
    ['the server → the app, a dynamic import', 'src/server/layerProbe.ts', "export const load = () => import('../app/grid/layout.ts');\n"],
    ['the server → the app, a re-export', 'src/server/http/layerProbe.ts', "export { geometry } from '../../app/grid/layout.ts';\n"],
    ['the server outside its storefront routes → the storefront pages', 'src/server/http/layerProbe.ts', "import { Layout } from '../../storefront/Layout.tsx';\nexport const l = Layout;\n"],
    ['core → the server', 'src/core/layerProbe.ts', "import { screens } from '../server/actions/engine/screens.ts';\nexport const s = screens;\n"],
    ['core → the app', 'src/core/query/layerProbe.ts', "import { geometry } from '../../app/grid/layout.ts';\nexport const g = geometry;\n"],
    ['core → schemas, a type only', 'src/core/layerProbe.ts', "import type { ScreenDescriptor } from '../../schemas/screen.ts';\nexport type S = ScreenDescriptor;\n"],
    ['codegen → the app', 'codegen/layerProbe.ts', "import { geometry } from '../src/app/grid/layout.ts';\nexport const g = geometry;\n"],
    ['the app → the server', 'src/app/layerProbe.ts', "import { screens } from '../server/actions/engine/screens.ts';\nexport const s = screens;\n"],
    ['the storefront pages → the server', 'src/storefront/layerProbe.ts', "import type { Queryable } from '../server/db/types.ts';\nexport type Q = Queryable;\n"],
    ['schemas → the server', 'schemas/layerProbe.ts', "import { screens } from '../src/server/actions/engine/screens.ts';\nexport const s = screens;\n"],
    ['the grid → the toolbar actions', 'src/app/grid/layerProbe.ts', "import BulkActions from '../actions/index.tsx';\nexport const b = BulkActions;\n"],
    [
      'a grid feature → the toolbar actions, a type only',
      'src/app/grid/dataProvider/layerProbe.ts',
      "import type { BulkActionProps } from '../../actions/actionProps.ts';\nexport type P = BulkActionProps;\n",
    ],
  ])('refuses %s', async (_, path, code) => {
    const found = await refusals(path, code);
    expect(found, `${path}: ${code}`).toHaveLength(1);
    expect(found[0]).toMatch(/restricted zone/);
  });

  it.each([
    [
      'the server → core and schemas',
      'src/server/http/layerProbe.ts',
      "import { THEMES } from '../../core/gridLayout.ts';\nimport { parseScreen } from '../../../schemas/screen.ts';\nexport const x = [THEMES, parseScreen];\n",
    ],
    ['the server → itself', 'src/server/layerProbe.ts', "import { mountStorefront } from './storefront/routes.ts';\nexport const m = mountStorefront;\n"],
    ['the storefront routes → the storefront pages', 'src/server/storefront/layerProbe.ts', "import { Layout } from '../../storefront/Layout.tsx';\nexport const l = Layout;\n"],
    ['core → core and libraries', 'src/core/layerProbe.ts', "import * as v from 'valibot';\nimport { LANGS } from './langs.ts';\nexport const x = [v, LANGS];\n"],
    ['schemas → core', 'schemas/layerProbe.ts', "import { LANGS } from '../src/core/langs.ts';\nexport const l = LANGS;\n"],
    [
      'codegen → core, schemas and screens',
      'codegen/layerProbe.ts',
      "import { partOf } from '../src/core/catalogueParts.ts';\nimport type { ScreenDescriptor } from '../schemas/screen.ts';\nexport const p: [typeof partOf, ScreenDescriptor?] = [partOf];\n",
    ],
    ['the toolbar actions → the grid and its data provider', 'src/app/actions/layerProbe.ts', "import { gridData } from '../grid/dataProvider/provider.ts';\nexport const g = gridData;\n"],
    ['the app → core and schemas', 'src/app/layerProbe.ts', "import { LOGO } from '../core/logo.ts';\nimport { parseScreen } from '../../schemas/screen.ts';\nexport const x = [LOGO, parseScreen];\n"],
    [
      'the storefront pages → core and their data shapes',
      'src/storefront/layerProbe.ts',
      "import { shopPrice } from '../core/shopPrice.ts';\nimport type { Shop } from './data.ts';\nexport const x: [typeof shopPrice, Shop?] = [shopPrice];\n",
    ],
  ])('allows %s', async (_, path, code) => {
    expect(await refusals(path, code)).toEqual([]);
  });
});

describe('import cycles', () => {
  // In .test-data/: ignored by the project's lint, tsc and Prettier, which may run beside this
  // test (npm test); linted here with the ignores off and the project's config otherwise.
  mkdirSync(join(root, '.test-data'), { recursive: true });
  const scratch = mkdtempSync(join(root, '.test-data', 'cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const cycles = new ESLint({ cwd: root, ignore: false });

  /** Writes the modules (in a directory of their own) and answers the cycle messages of linting them. */
  async function cycleMessages(name: string, modules: Record<string, string>): Promise<string[]> {
    const dir = join(scratch, name);
    mkdirSync(dir);
    for (const [file, code] of Object.entries(modules)) writeFileSync(join(dir, file), code);
    const results = await cycles.lintFiles(Object.keys(modules).map((f) => join(dir, f)));
    expect(results.flatMap((r) => r.messages.filter((m) => m.fatal))).toEqual([]);
    return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/no-cycle').map((m) => m.message));
  }

  it.each([
    ['static imports', { 'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n", 'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n" }],
    ['type-only imports', { 'a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n", 'b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n" }],
    ['a dynamic import back', { 'a.ts': "export const a = 1;\nexport const load = () => import('./b.ts');\n", 'b.ts': "import { a } from './a.ts';\nexport const b = a + 1;\n" }],
    ['a re-export back', { 'a.ts': "export { b } from './b.ts';\nexport const a = 1;\n", 'b.ts': "import { a } from './a.ts';\nexport const b = a + 1;\n" }],
  ])('refuses a cycle of %s, on both sides and naming the way back', async (name, modules) => {
    const found = await cycleMessages(name.replace(/\W+/g, '-'), modules);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(new RegExp(`Import cycle: .*/a\\.ts → .*/b\\.ts → .*/a\\.ts`));
    expect(found[1]).toMatch(new RegExp(`Import cycle: .*/b\\.ts → .*/a\\.ts → .*/b\\.ts`));
  });

  it('refuses a longer ring at each of its imports', async () => {
    const found = await cycleMessages('ring', {
      'a.ts': "import { c } from './c.ts';\nexport const a = () => c;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'c.ts': "import { b } from './b.ts';\nexport const c = () => b;\n",
    });
    expect(found).toEqual([
      expect.stringMatching(/a\.ts → .*c\.ts → .*b\.ts → .*a\.ts/),
      expect.stringMatching(/b\.ts → .*a\.ts → .*c\.ts → .*b\.ts/),
      expect.stringMatching(/c\.ts → .*b\.ts → .*a\.ts → .*c\.ts/),
    ]);
  });

  it('allows modules that share a leaf', async () => {
    const found = await cycleMessages('leaf', {
      'leaf.ts': 'export type Shared = { n: number };\nexport const ONE = 1;\n',
      'a.ts': "import { ONE, type Shared } from './leaf.ts';\nexport const a: Shared = { n: ONE };\n",
      'b.ts': "import type { Shared } from './leaf.ts';\nimport { a } from './a.ts';\nexport const b: Shared = a;\nexport const load = () => import('./leaf.ts');\n",
    });
    expect(found).toEqual([]);
  });
});
