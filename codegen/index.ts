/**
 * codegen: validates every descriptor and emits what the runtime is built from.
 * Runs before dev, build, start and test; fails with `file: path: expected …, got …`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenJsonSchemaText } from './jsonschema.ts';
import { actionCallsSources } from './actions.ts';
import { clientTypes, openapiDocument, openapiYaml } from './openapi.ts';
import { LANGS } from '../src/core/langs.ts';
import { checkLocales, readCatalogues } from './locales.ts';
import { checkMenuTitles } from './menuTitles.ts';
import { checkRegistryKeys } from './registries.ts';
import { eventIconsSource, iconProblems, lucideIcons, workflowDefinitions, workflowsSource, workflowTypeProblems } from './workflows.ts';
import { menuEntryProblems, menuSource } from './menu.ts';
import { baseRoutes, fieldKeysOf, lookupsSource, routeListSource, routesSource, screenDefaultsSource, screenModuleSource } from './routes.ts';
import { routeTreeSource } from './routeTree.ts';
import { loadScreens, registrySource, root } from './screens.ts';
import type { ScreenDescriptor } from '../schemas/screen.ts';

const gen = join(root, 'src/generated');
mkdirSync(gen, { recursive: true });

/** Writes only when the content changed, so watchers and caches stay quiet. */
export function emit(path: string, content: string): void {
  let old: string | undefined;
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    /* new file */
  }
  if (old !== content) writeFileSync(path, content);
}

/** Runs one step; a failure names the step and ends codegen with exit code 1. */
async function step(name: string, run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (e) {
    console.error(`codegen: ${name} failed:\n${(e as Error).message}`);
    process.exit(1);
  }
}

let descriptors: ScreenDescriptor[] = [];
await step('screens', async () => {
  const screens = await loadScreens();
  descriptors = screens.map((s) => s.screen);
  emit(join(gen, 'screens.ts'), registrySource(screens.map((s) => s.file)));
  emit(join(gen, 'routes.ts'), routesSource(screens));
  emit(join(gen, 'routeList.ts'), routeListSource(screens));
  emit(join(gen, 'routeTree.ts'), routeTreeSource(screens));
  emit(join(gen, 'lookups.ts'), lookupsSource(screens));
  emit(join(gen, 'screenDefaults.ts'), screenDefaultsSource());
  emit(join(gen, 'fieldKeys.json'), `${JSON.stringify(fieldKeysOf(screens), null, 1)}\n`);
  emit(join(gen, 'menu.ts'), menuSource(screens));
  const workflows = workflowDefinitions(screens);
  const icons = lucideIcons();
  emit(join(gen, 'workflows.ts'), workflowsSource(workflows));
  emit(join(gen, 'eventIcons.ts'), eventIconsSource(icons));
  const parsed = join(gen, 'screens');
  mkdirSync(parsed, { recursive: true });
  const files = new Set(screens.map((s) => `${s.screen.form}.ts`));
  for (const f of readdirSync(parsed)) if (!files.has(f)) rmSync(join(parsed, f)); // a screen removed since
  const byForm = new Map(screens.map((s) => [s.screen.form, s.screen]));
  for (const s of screens) emit(join(parsed, `${s.screen.form}.ts`), screenModuleSource(s, byForm));
  // The menu's rows read src/generated/menu.ts, written just now (their module throws on an entry with no place).
  const menuProblems = menuEntryProblems(screens);
  if (menuProblems.length) throw new Error(menuProblems.join('\n'));
  const { menuPages, menuRoutes } = await import('../src/server/db/seed/menu.ts');
  const problems = [
    ...(await checkRegistryKeys(screens)),
    ...checkLocales(descriptors, workflows),
    ...checkMenuTitles(descriptors, menuPages, readCatalogues()),
    ...workflowTypeProblems(screens, workflows),
    ...iconProblems(icons),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`codegen: ${screens.length} screens ok; locales complete in ${LANGS.length} languages`);
  const built = new Set([...baseRoutes.map((r) => r.path), ...screens.flatMap((s) => (s.screen.route ? [s.screen.route] : []))]);
  const missing = menuRoutes.filter((r) => !built.has(r));
  console.log(`codegen: route check: ${menuRoutes.length - missing.length} of ${menuRoutes.length} menu routes built` + (missing.length ? `; without a screen: ${missing.join(' ')}` : ''));
});
await step('schemas/screen.schema.json', () => emit(join(root, 'schemas/screen.schema.json'), screenJsonSchemaText()));
let doc: ReturnType<typeof openapiDocument> = {};
await step('schemas/openapi.yaml', () => emit(join(root, 'schemas/openapi.yaml'), openapiYaml((doc = openapiDocument(descriptors)))));
await step('src/generated/api.ts', async () => emit(join(gen, 'api.ts'), await clientTypes(doc)));
await step('src/generated/actions/', () => {
  const dir = join(gen, 'actions');
  const files = actionCallsSources();
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (!files.has(f)) rmSync(join(dir, f)); // an action removed since
  for (const [f, source] of files) emit(join(dir, f), source);
  rmSync(join(gen, 'actions.ts'), { force: true }); // the one file before (issue 45)
});
console.log('codegen: screen.schema.json, openapi.yaml, src/generated/api.ts, actions/ ok');
