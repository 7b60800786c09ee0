import type { ScreenDescriptor } from '../schemas/screen.ts';
import { bulkActionKeys } from '../src/core/bulkActions.ts';
import { editorKeys, rendererKeys } from '../src/core/registryKeys.ts';

/** Renderer, editor and bulk action names of descriptors must be registry keys (core/registryKeys.ts, core/bulkActions.ts: the browser's registries are typed by them). */
export async function checkRegistryKeys(screens: { file: string; screen: ScreenDescriptor }[]): Promise<string[]> {
  const renderers = new Set<string>(rendererKeys);
  const editors = new Set<string>(editorKeys);
  const bulk = new Set<string>(bulkActionKeys);
  const errors: string[] = [];
  for (const { file, screen } of screens) {
    (screen.actions.bulk ?? []).forEach((k, i) => {
      if (!bulk.has(k)) errors.push(`${file}: actions.bulk.${i}: expected one of ${[...bulk].join(', ')}, got "${k}"`);
    });
    for (const [field, col] of Object.entries(screen.columns)) {
      if (col.renderer && !renderers.has(col.renderer)) {
        errors.push(`${file}: columns.${field}.renderer: expected one of ${[...renderers].join(', ')}, got "${col.renderer}"`);
      }
      if (col.editor && !editors.has(col.editor)) {
        errors.push(`${file}: columns.${field}.editor: expected one of ${[...editors].join(', ')}, got "${col.editor}"`);
      }
    }
  }
  return errors;
}
