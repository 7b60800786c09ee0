/**
 * The native select every choosing editor is (yes/no, references, options, countries,
 * languages, services). Built on by the column types' editors (src/app/fields/<type>/Input.tsx)
 * and the named ones (editors/index.tsx).
 */
import { useRef, useState } from 'react';
import type { EditMove, EditorProps } from '../types.ts';
import { editorKeyDown, useAutoFocus } from './kit.ts';
import { str } from './InputEditor.tsx';

/** A select's change this soon after a keydown is that key's (the browser fires it in the keydown's task). */
const KEY_CHANGE_MS = 100;

export interface Option {
  value: unknown;
  label: string;
}

/**
 * A native select. Keys (arrows, letters, Home/End) only move the choice; Enter and Tab
 * commit it, Esc cancels (nothing saved), leaving the editor commits a changed choice. A
 * pick from the opened list with the pointer commits at once: a change that follows no
 * key on the select (a key's change comes with its keydown) is a pointer pick.
 */
export function SelectEditor({ p, options }: { p: EditorProps; options: Option[] }) {
  const done = useRef(false);
  // When the last key went down (a pointer press forgets it).
  const keyAt = useRef(-Infinity);
  const [, attach] = useAutoFocus<HTMLSelectElement>(false);
  const all: Option[] = p.col.meta.required ? options : [{ value: null, label: '' }, ...options];
  let index = all.findIndex((o) => o.value === p.value || (o.value !== null && p.value !== null && String(o.value) === String(p.value)));
  if (index < 0 && p.value !== null && p.value !== undefined) {
    all.push({ value: p.value, label: str(p.value) });
    index = all.length - 1;
  }
  const [choice, setChoice] = useState(index);
  const finish = (i: number, move?: EditMove, blurred?: boolean) => {
    if (done.current) return;
    done.current = true;
    const o = all[i];
    // Leaving with the choice unchanged is a cancel (nothing to save); Enter and Tab commit.
    if (o && (i !== index || !blurred)) p.commit(o.value, move, blurred);
    else p.cancel(blurred);
  };
  return (
    <select
      ref={attach}
      className="cell-editor"
      value={String(choice)}
      aria-label={p.ctx.t(p.col.labelId)}
      onPointerDown={() => {
        keyAt.current = -Infinity;
      }}
      onChange={(e) => {
        const i = Number(e.target.value);
        setChoice(i);
        if (performance.now() - keyAt.current > KEY_CHANGE_MS) finish(i);
      }}
      onKeyDown={(e) => {
        keyAt.current = performance.now();
        editorKeyDown(
          e,
          (move) => finish(Number(e.currentTarget.value), move),
          () => {
            done.current = true;
            p.cancel();
          },
        );
      }}
      onBlur={(e) => finish(Number(e.currentTarget.value), undefined, true)}
    >
      {all.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
