import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseScreen, type ColumnType, type ScreenDescriptor } from '../schemas/screen.ts';
import { lookupDisplayField } from '../src/core/lookupDisplay.ts';

export const root = new URL('..', import.meta.url).pathname;

/** Descriptor files; `*.parts.ts` beside them hold parts several descriptors share (not descriptors). */
export function screenFiles(dir = join(root, 'screens')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? screenFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.parts.ts') ? [join(dir, e.name)] : []))
    .sort();
}

/** Loads and validates every descriptor; errors read `file: json.path: expected …, got …`. */
export async function loadScreens(): Promise<{ file: string; screen: ScreenDescriptor }[]> {
  const errors: string[] = [];
  const out: { file: string; screen: ScreenDescriptor }[] = [];
  for (const abs of screenFiles()) {
    const file = relative(root, abs);
    try {
      const mod = (await import(abs)) as { default?: unknown };
      out.push({ file, screen: parseScreen(mod.default, file) });
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  const seen = new Map<string, string>();
  for (const { file, screen } of out) {
    const prev = seen.get(screen.form);
    if (prev) errors.push(`${file}: form: expected a unique form name, got "${screen.form}" (also in ${prev})`);
    seen.set(screen.form, file);
  }
  const byForm = new Map(out.map((x) => [x.screen.form, x.screen]));
  for (const { file, screen } of out) {
    for (const [field, col] of Object.entries(screen.columns)) {
      if (col.lookup && !seen.has(col.lookup)) errors.push(`${file}: columns.${field}.lookup: expected a form, got "${col.lookup}"`);
      if (col.references !== undefined) {
        const problem = referenceProblem(col.type, byForm.get(col.references));
        if (problem) errors.push(`${file}: columns.${field}.references: ${problem}, got "${col.references}"`);
      }
    }
    for (const d of screen.details ?? []) if (!seen.has(d)) errors.push(`${file}: details: expected a form, got "${d}"`);
    for (const p of repeatedTexts(screen, byForm)) errors.push(`${file}: ${p}`);
  }
  if (errors.length) throw new Error(errors.join('\n'));
  return out;
}

/**
 * Two visible columns side by side that would show the same text (issue 43: an order line's
 * product, shown by its lookup's name, beside the line's product name): a ref column named
 * like its lookup's key (it holds that record's key) whose lookup shows the field F
 * (core/lookupDisplay.ts), next to the screen's own column F — that record's F again. Such a
 * ref shows its key instead (renderer 'refKey'), or the other column goes.
 */
export function repeatedTexts(screen: ScreenDescriptor, byForm: ReadonlyMap<string, ScreenDescriptor>): string[] {
  const out: string[] = [];
  const visible = Object.entries(screen.columns).filter(([, c]) => !c.hidden);
  visible.forEach(([field, col], i) => {
    // Another renderer shows its own text (a country's name, a category's path); refKey shows the key.
    if (col.type !== 'ref' || !col.lookup || (col.renderer !== undefined && col.renderer !== 'ref')) return;
    const lookup = byForm.get(col.lookup);
    if (!lookup) return;
    const keys = Array.isArray(lookup.source.key) ? lookup.source.key : [lookup.source.key];
    // Named like the lookup's key, the column holds that record's key, and the row's own column F is that record's F (a parent page's title is not the page's).
    if (keys.length !== 1 || keys[0] !== field) return;
    const shown = lookupDisplayField(lookup.columns, keys);
    if (keys.includes(shown)) return;
    for (const beside of [visible[i - 1]?.[0], visible[i + 1]?.[0]]) {
      if (beside === shown) out.push(`columns.${field}: expected renderer 'refKey' (its lookup ${col.lookup} shows ${shown}, as the column beside it does), got the same text twice side by side`);
    }
  });
  return out;
}

/**
 * Why a column's `references` cannot name `target`: the engine checks the value against
 * the target's one key within the session's company, so it needs a form with one key of
 * the column's type, whose rows belong to companies.
 */
export function referenceProblem(type: ColumnType, target: ScreenDescriptor | undefined): string | null {
  if (!target) return 'expected a form';
  const keys = Array.isArray(target.source.key) ? target.source.key : [target.source.key];
  if (keys.length !== 1) return 'expected a form with one key';
  if (!target.source.company) return "expected a form whose rows belong to a company (source.company): other rows are the database's foreign key's to check";
  const keyType = target.columns[keys[0]!]!.type;
  if (keyType !== 'ref' && keyType !== type) return `expected a form whose key is a ${type} column like this one (its key is ${keyType})`;
  return null;
}

/** src/generated/screens.ts: every descriptor module, keyed by its file. */
export function registrySource(files: string[]): string {
  return [
    '// Generated by codegen from screens/ — do not edit.',
    "import type { ScreenInput } from '../../schemas/screen.ts';",
    ...files.map((f, i) => `import s${i} from '../../${f}';`),
    '',
    'export const screenModules: Record<string, { default: ScreenInput }> = {',
    ...files.map((f, i) => `  '${f}': { default: s${i} },`),
    '};',
    '',
  ].join('\n');
}
