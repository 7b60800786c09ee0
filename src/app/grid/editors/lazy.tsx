/**
 * The editor registry as the grid model holds it: every editor's code (editors/index.tsx,
 * and the calendar's own chunk) loads with the first edit, or earlier with
 * `preloadEditors` (the grid calls it when it gets focus): a list paints without it.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { editorKeys, type EditorKey } from '../registryKeys.ts';
import type { CellEditor, EditorProps } from '../types.ts';

/**
 * An editor whose code loads on its first use. Until then the cell shows an empty,
 * inert editor box (a few milliseconds; the grid keeps the cell in edit mode).
 */
export function lazyEditor(load: () => Promise<CellEditor>): CellEditor {
  const Loaded = lazy(() => load().then((e): { default: ComponentType<EditorProps> } => ({ default: e as ComponentType<EditorProps> })));
  return function LazyEditor(p) {
    return (
      <Suspense fallback={<span className="cell-editor" aria-busy="true" />}>
        <Loaded {...p} />
      </Suspense>
    );
  };
}

const loadEditors = () => import('./index.tsx').then((m) => m.editors);
let loading: Promise<unknown> | null = null;
/** Starts loading the editors (once). */
export const preloadEditors = () => void (loading ??= loadEditors());

export const lazyEditors = Object.fromEntries(editorKeys.map((key) => [key, lazyEditor(() => loadEditors().then((e) => e[key]))])) as Record<EditorKey, CellEditor>;
