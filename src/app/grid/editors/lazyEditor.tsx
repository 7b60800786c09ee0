import { Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { lazyWithMessages } from '../../i18n/lazy.tsx';
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
  const Loaded = lazyWithMessages(() => load().then((e): { default: ComponentType<EditorProps> } => ({ default: e as ComponentType<EditorProps> })));
  return function LazyEditor(p) {
    // The text typed meanwhile: the loaded editor starts with it (a render per key, only while the code loads).
    const [typed, setTyped] = useState<string | undefined>(undefined);
    const keys = useRef<KeyboardEventInit[]>([]);
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
          if (!keys.current.length) setTyped(e.currentTarget.textContent ?? '');
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
        <Loaded {...p} initialInput={typed ?? p.initialInput} />
        <Replay keys={keys} />
      </Suspense>
    );
  };
}

/**
 * Once the editor is there (and has the focus), the keys that finish the edit pressed
 * meanwhile are handed to it.
 */
function Replay({ keys }: { keys: RefObject<KeyboardEventInit[]> }) {
  useEffect(() => {
    const el = document.activeElement;
    const pending = keys.current.splice(0);
    // After React has rendered the text (the key's handler reads it from state).
    if (pending.length) setTimeout(() => pending.forEach((k) => el?.dispatchEvent(new KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true }))));
  }, [keys]);
  return null;
}
