import type { ScreenDescriptor } from '../schemas/screen.ts';

/** Renderer, editor and bulk action names of descriptors must be keys of the browser runtime's registries. */
export async function checkRegistryKeys(screens: { file: string; screen: ScreenDescriptor }[]): Promise<string[]> {
  const { rendererKeys, editorKeys } = await import('../src/app/grid/registryKeys.ts');
  const renderers = new Set<string>(rendererKeys);
  const editors = new Set<string>(editorKeys);
  const { bulkActionKeys } = await import('../src/app/grid/bulk/keys.ts');
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
