/**
 * An editor's refusal, drawn where the user looks: under the edited cell (above it when
 * the viewport has no room below), or inside the editor's popover. It is an alert, so a
 * screen reader says it too, and the input names it (`aria-describedby`). A `note` is
 * drawn the same way without alarm (a status): what a typed amount will be stored as.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function EditorError({ id, message, inPopover = false, note = false }: { id: string; message: string; inPopover?: boolean; note?: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [above, setAbove] = useState(false);
  // Measured once per message (not on scroll: the editor ends when its row scrolls away).
  useLayoutEffect(() => {
    const el = ref.current;
    const viewport = el?.closest('.grid-viewport');
    if (inPopover || !el || !viewport) return;
    const cell = el.parentElement!.getBoundingClientRect();
    setAbove(cell.bottom + el.offsetHeight > viewport.getBoundingClientRect().bottom);
  }, [message, inPopover]);
  const cls = `${inPopover ? 'cell-editor-error cell-editor-error-inline' : `cell-editor-error${above ? ' cell-editor-error-above' : ''}`}${note ? ' cell-editor-note' : ''}`;
  return (
    <span ref={ref} id={id} className={cls} role={note ? 'status' : 'alert'}>
      {message}
    </span>
  );
}
