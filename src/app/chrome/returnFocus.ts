/**
 * Radix's modal Dialog gives the focus back to its Dialog.Trigger when it closes. A dialog
 * a plain button opens (the toolbar's Add, Import) has none: the focus fell to the page and
 * a keyboard user started again from its top. This notes where the focus was as the dialog
 * first renders (before it takes the focus) and puts it back there (`onCloseAutoFocus`):
 * for a dialog mounted as it opens.
 */
import { useState } from 'react';

export function useReturnFocus(): (e: Event) => void {
  const [from] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (e) => {
    // Radix calls this a moment after the close: what took the focus meanwhile (the grid showing a saved row) keeps it.
    const now = document.activeElement;
    if ((now && now !== document.body) || !from?.isConnected) return;
    e.preventDefault();
    from.focus({ preventScroll: true });
  };
}
