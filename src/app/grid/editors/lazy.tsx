/**
 * The editor registry as the grid model holds it: every editor's code (editors/index.tsx,
 * and the calendar's own chunk) loads with the first edit, or earlier with
 * `preloadEditors` (the grid calls it when it gets focus): a list paints without it.
 */
import { editorKeys, type EditorKey } from '../../../core/registryKeys.ts';
import type { CellEditor } from '../types.ts';
import { lazyEditor } from './lazyEditor.tsx';

const loadEditors = () => import('./index.tsx').then((m) => m.editors);
let loading: Promise<unknown> | null = null;
/** Starts loading the editors (once). */
export const preloadEditors = () => void (loading ??= loadEditors());

export const lazyEditors = Object.fromEntries(editorKeys.map((key) => [key, lazyEditor(() => loadEditors().then((e) => e[key]))])) as Record<EditorKey, CellEditor>;
