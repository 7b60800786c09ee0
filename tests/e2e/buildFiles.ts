/** The build the browser tests are served (E2E_DIST, else dist/): where a module's code is. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestKey } from '../../src/core/appParts.ts';

type Manifest = Record<string, { file: string }>;

const manifest = (): Manifest => JSON.parse(readFileSync(join(process.env.E2E_DIST ?? 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The file (`assets/app-….js`) holding a module: its own chunk, or its part's (core/appParts.ts); throws when the build has neither. */
export function fileOf(module: string): string {
  const m = manifest();
  const key = manifestKey(m, module);
  if (!key) throw new Error(`${module} is not in the build`);
  return m[key]!.file;
}
