/**
 * Radix puts the focus on a popover's first field when it opens, or on the popover itself
 * when it has none yet: a lazily loaded content (views, fill) is still its "Loading…".
 * There Tab does nothing (Radix's focus loop finds no field), and the focus stayed on the
 * box once the fields came: a keyboard user could not get in. This moves it to the first
 * field as it arrives, unless the focus has gone elsewhere meanwhile.
 */
const FIELDS = 'input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

const firstField = (box: HTMLElement) => [...box.querySelectorAll<HTMLElement>(FIELDS)].find((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0);

/** Watches `box` (the popover's content) until the focus leaves it or a field takes it; answers the stop. */
export function focusWhenThere(box: HTMLElement): () => void {
  const watch = new MutationObserver(() => {
    if (document.activeElement !== box) return watch.disconnect();
    const field = firstField(box);
    if (!field) return;
    watch.disconnect();
    field.focus();
  });
  watch.observe(box, { childList: true, subtree: true });
  return () => watch.disconnect();
}
