/**
 * The whole catalogue (both parts, core/catalogueParts.ts) on screen. The later part loads on
 * first need, not with the page (issue 49: a list's first load carries what it paints with):
 * `needFullCatalogue()` asks for it — a lazily loaded component, the login page, a write
 * whose refusal will be said, the grid's focus (its editors' preload), a key said before it is
 * in (the provider's onError: the text follows) — and resolves once the provider has rendered with both parts, so
 * what waits for it renders under them. Asked before the provider is there, the ask waits
 * for it.
 */
let mark: () => void = () => {};
const fullCatalogue = new Promise<void>((resolve) => {
  mark = resolve;
});
let asked = false;
let load: (() => void) | undefined;

export function needFullCatalogue(): Promise<void> {
  if (!asked) {
    asked = true;
    load?.();
  }
  return fullCatalogue;
}

/** The provider's loader of the later part: run now when it was asked for already, else on the first ask. */
export function onFullCatalogueNeeded(fn: () => void): () => void {
  load = fn;
  if (asked) fn();
  return () => {
    if (load === fn) load = undefined;
  };
}

export const markFullCatalogue = () => mark();
