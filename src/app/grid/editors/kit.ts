/**
 * What every cell editor shares (editors/index.tsx and the lazily loaded popup editors):
 * the keys, the life of an edit, focus on mount and leaving a multi-part editor.
 */
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { checkCellValue } from '../features/edits/cellCheck.ts';
import type { EditMove, EditorProps } from '../types.ts';
import { editKeyAction, type ArrowRule } from './editKeys.ts';

/** A parsed editor text: the value, or a refusal (with the message to show, in the UI language). */
export type Parsed = { ok: true; value: unknown } | { ok: false; message?: string };

/**
 * The keys every editor shares (editKeys.ts): Enter commits and moves down, Tab/Shift-Tab
 * commit and move across, Esc cancels, arrows by the editor's rule; the grid never sees
 * them. Other keys stay in the editor.
 */
export function editorKeyDown(e: KeyboardEvent, commit: (move: EditMove) => void, cancel: () => void, arrows: ArrowRule = 'own') {
  e.stopPropagation();
  const action = editKeyAction(e, arrows);
  if (action === null) return;
  e.preventDefault();
  if (action === 'cancel') cancel();
  else commit(action.commit);
}

/**
 * A parsed value checked with the column's schema (min/max, length, pattern, required…),
 * exactly as paste and the Fill dialog check theirs (cellCheck.ts): a refusal carries the
 * message ("Must be at most 1000"). The cell's own value passes unchecked.
 */
function checked(p: EditorProps, r: Parsed): Parsed {
  if (!r.ok || Object.is(r.value, p.value) || (r.value === null && (p.value === null || p.value === undefined))) return r;
  const c = checkCellValue(p.col, r.value, p.ctx, p.row);
  return c.ok ? r : { ok: false, message: c.message };
}

/**
 * The life of an edit: the text, whether it parses and passes the column's checks, and
 * finishing once. `finish` commits a valid text (an invalid one is flagged, with the
 * refusal's message, and the editor stays with the typed text); `leave` is the blur: a
 * valid text commits, an invalid one cancels.
 */
export function useEdit(p: EditorProps, initial: string, parseText: (text: string) => Parsed) {
  const parse = (t: string) => checked(p, parseText(t));
  const [text, setText] = useState(p.initialInput ?? initial);
  const [problem, setProblem] = useState<{ message?: string } | null>(null);
  const done = useRef(false);
  const finish = (move: EditMove, value: string = text): void => {
    if (done.current) return;
    const r = parse(value);
    if (!r.ok) {
      setProblem({ message: r.message });
      return;
    }
    done.current = true;
    p.commit(r.value, move);
  };
  const cancel = (blurred?: boolean) => {
    if (done.current) return;
    done.current = true;
    p.cancel(blurred);
  };
  const leave = () => {
    if (done.current) return;
    done.current = true;
    const r = parse(text);
    if (r.ok) p.commit(r.value, undefined, true);
    else p.cancel(true);
  };
  const change = (t: string) => {
    setText(t);
    if (problem) setProblem(null);
  };
  return { text, change, invalid: problem !== null, message: problem?.message, finish, cancel, leave, done };
}

/**
 * A ref that focuses its element the first time it is attached (a popover's content
 * mounts a commit later than the cell); text inputs put the caret at the end, as Excel's
 * F2 and Sheets' Enter do (typing adds to the value; a typed first key replaced it already).
 */
export function useAutoFocus<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(caretAtEnd = true) {
  const ref = useRef<T | null>(null);
  const focused = useRef(false);
  const attach = useCallback(
    (el: T | null) => {
      ref.current = el;
      if (!el || focused.current) return;
      focused.current = true;
      el.focus({ preventScroll: true });
      if (caretAtEnd && !(el instanceof HTMLSelectElement)) el.setSelectionRange(el.value.length, el.value.length);
    },
    [caretAtEnd],
  );
  return [ref, attach] as const;
}

/**
 * Blur of an editor made of several focusable parts (in the cell and in a popover): only
 * focus going outside all of them (and not to another window) is leaving.
 */
export function useLeave(leave: () => void) {
  const parts = useRef<(HTMLElement | null)[]>([]);
  const part = (i: number) => (el: HTMLElement | null) => {
    parts.current[i] = el;
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget;
    if (next instanceof Node && parts.current.some((el) => el?.contains(next))) return;
    if (typeof document !== 'undefined' && !document.hasFocus()) return;
    leave();
  };
  return { part, onBlur };
}
