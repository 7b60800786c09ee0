/**
 * The text box every typed editor is (text, numbers, money, multi-language text, tags): the
 * text, its refusal under the cell, a unit inside the box (a money amount's currency) and a
 * note under the cell. The column types' editors (src/app/fields/<type>/Input.tsx) and the
 * named ones (editors/index.tsx) are built on it.
 */
import { useId } from 'react';
import { parseMessage } from '../../../core/validation/messages.ts';
import type { EditorProps } from '../types.ts';
import { EditorError } from './EditorError.tsx';
import { textArrows } from './editKeys.ts';
import { editorKeyDown, useAutoFocus, useEdit, type Parsed } from './kit.ts';

export interface InputEditorProps {
  p: EditorProps;
  initial: string;
  parse: (text: string) => Parsed;
  inputMode?: 'text' | 'decimal' | 'numeric';
  invalidId?: string;
  /** A unit shown inside the editor after the text (a money amount's currency code). */
  unit?: string;
  /** Says what the text is in (the tooltip, and part of the accessible name). */
  hint?: string;
  /** The text as typed or pasted → what the box shows (number boxes keep only what the number reads). */
  clean?: (text: string) => string;
  /** A note under the cell for the current text (what a typed amount will be stored as). */
  note?: (text: string) => string | undefined;
}

/**
 * No maxLength attribute: the browser would cut a longer paste silently and the cut text
 * be saved; the column's schema refuses it instead, with its "At most N characters".
 */
export function InputEditor({ p, initial, parse, inputMode, invalidId, unit, hint, clean, note }: InputEditorProps) {
  // The key that started the edit is cleaned like any typed text.
  const ed = useEdit(clean && p.initialInput !== undefined ? { ...p, initialInput: clean(p.initialInput) } : p, initial, parse);
  const [, attach] = useAutoFocus<HTMLInputElement>();
  const errorId = useId();
  const label = p.ctx.t(p.col.labelId);
  const problem = ed.invalid ? (ed.message ?? (invalidId ? p.ctx.t(invalidId) : undefined)) : undefined;
  const noted = problem ? undefined : note?.(ed.text);
  const noteId = `${errorId}-note`;
  const input = (
    <input
      ref={attach}
      className={unit ? 'cell-editor-text' : 'cell-editor'}
      type="text"
      inputMode={inputMode}
      value={ed.text}
      aria-label={unit ? `${label} (${unit})` : label}
      aria-description={hint}
      aria-invalid={ed.invalid || undefined}
      aria-describedby={problem ? errorId : noted ? noteId : undefined}
      title={hint}
      onChange={(e) => ed.change(clean ? clean(e.target.value) : e.target.value)}
      onKeyDown={(e) =>
        editorKeyDown(
          e,
          (move) => ed.finish(move),
          () => ed.cancel(),
          textArrows(p.initialInput),
        )
      }
      onBlur={ed.leave}
    />
  );
  // The input keeps its place in the tree (a remount would lose the focus and the caret).
  const parts = (
    <>
      {input}
      {unit && (
        <span className="cell-editor-unit" aria-hidden="true">
          {unit}
        </span>
      )}
      {problem && <EditorError id={errorId} message={problem} />}
      {noted && <EditorError id={noteId} message={noted} note />}
    </>
  );
  return unit ? (
    <span className="cell-editor cell-editor-with-unit" title={hint}>
      {parts}
    </span>
  ) : (
    parts
  );
}

export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A refusal's message key as the editor says it ('Write the number like 1,234.56'). */
export const refusal = (p: EditorProps, message: string): Parsed => {
  const m = parseMessage(message);
  return { ok: false, message: p.ctx.t(m.id, m.values) };
};
