/** The main content's id: the skip link's target. */
export const MAIN_ID = 'main-content';

/** Focus on the main content, without a hash in the address (the router would read it as a navigation). */
export function focusMain(e?: { preventDefault(): void }) {
  e?.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}
