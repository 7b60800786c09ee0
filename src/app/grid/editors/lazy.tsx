/**
 * The editor registry as the grid model holds it: every editor's code (editors/index.tsx,
 * and the calendar's own chunk) loads with the first edit, or earlier with
 * `preloadEditors` (the grid calls it when it gets focus): a list paints without it.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { editorKeys, type EditorKey } from '../registryKeys.ts';
import type { CellEditor, EditorProps } from '../types.ts';
import { editKeyAction, textArrows } from './editKeys.ts';

/**
 * An editor whose code loads on its first use. Until then the cell holds a plain input
 * that keeps what is typed (the first key of a typed edit included): the editor starts
 * with that text, and an Enter, Tab or arrow that finishes an edit (editKeys.ts) pressed
 * meanwhile is handed to it once it is there.
 * Esc cancels at once. No keystroke is lost to the loading (it took up to ~0.5 s on a
 * slow host, and quick typists lost characters).
 */
export function lazyEditor(load: () => Promise<CellEditor>): CellEditor {
  const Loaded = lazy(() => load().then((e): { default: ComponentType<EditorProps> } => ({ default: e as ComponentType<EditorProps> })));
  return function LazyEditor(p) {
    const typed = useRef<string | undefined>(undefined);
    const keys = useRef<KeyboardEventInit[]>([]);
    // The text the loaded editor started with (React may commit it a while after rendering it).
    const used = useRef<string | undefined>(undefined);
    // An editable span, not an input: nothing mistakes it for the editor's own input.
    const fallback = (
      <span
        className="cell-editor"
        contentEditable="plaintext-only"
        suppressContentEditableWarning
        role="textbox"
        aria-busy="true"
        aria-label={p.ctx.t(p.col.labelId)}
        ref={(el) => {
          if (!el || el === document.activeElement) return;
          el.textContent = p.initialInput ?? '';
          el.focus({ preventScroll: true });
          getSelection()?.selectAllChildren(el);
          getSelection()?.collapseToEnd();
        }}
        onInput={(e) => {
          if (!keys.current.length) typed.current = e.currentTarget.textContent ?? '';
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          const action = editKeyAction(e, textArrows(p.initialInput));
          if (action === 'cancel') p.cancel();
          else if (action) {
            // A key that finishes the edit (Enter, Tab, an arrow by the text editors' rule) waits for the editor.
            e.preventDefault();
            keys.current.push({ key: e.key, shiftKey: e.shiftKey });
          }
        }}
      />
    );
    return (
      <Suspense fallback={fallback}>
        <Resume Loaded={Loaded} p={p} typed={typed} used={used} />
        <Replay keys={keys} typed={typed} used={used} />
      </Suspense>
    );
  };
}

/** The loaded editor, rendered when its code is there: it starts with the text typed meanwhile (read then, not when the edit began). */
function Resume({ Loaded, p, typed, used }: { Loaded: ComponentType<EditorProps>; p: EditorProps; typed: Ref<string | undefined>; used: Ref<string | undefined> }) {
  used.current = typed.current ?? p.initialInput;
  return <Loaded {...p} initialInput={used.current} />;
}

type Ref<T> = { current: T };

/**
 * Once the editor is there (and has the focus): text typed after it was rendered goes
 * into its input as typing would (the value, then an input event React reads), and the
 * keys that finish the edit pressed meanwhile are handed to it.
 */
function Replay({ keys, typed, used }: { keys: Ref<KeyboardEventInit[]>; typed: Ref<string | undefined>; used: Ref<string | undefined> }) {
  useEffect(() => {
    const el = document.activeElement;
    if (typed.current !== undefined && typed.current !== used.current && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, typed.current);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const pending = keys.current.splice(0);
    // After React has rendered the text (the key's handler reads it from state).
    if (pending.length) setTimeout(() => pending.forEach((k) => el?.dispatchEvent(new KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true }))));
  }, [keys, typed, used]);
  return null;
}

const loadEditors = () => import('./index.tsx').then((m) => m.editors);
let loading: Promise<unknown> | null = null;
/** Starts loading the editors (once). */
export const preloadEditors = () => void (loading ??= loadEditors());

export const lazyEditors = Object.fromEntries(editorKeys.map((key) => [key, lazyEditor(() => loadEditors().then((e) => e[key]))])) as Record<EditorKey, CellEditor>;
