/**
 * The server's first paint of a screen page (server/http/firstPaint.ts): the grid's first
 * rows as HTML, shown while the app's code loaded. It goes when the app shows what it stood
 * for: that form's grid with its first rows (or its answer that there are none) — removed in
 * the grid's layout effect, so the frame that shows the grid is the first without it — or
 * a rendered page without that grid (another route, an error, a redirect).
 */
const FIRST_PAINT = 'first-paint';

/** The form whose grid the first paint shows, when it is still there. */
function shownForm(): string | null {
  return document.getElementById(FIRST_PAINT)?.querySelector('[data-first-paint]')?.getAttribute('data-first-paint') ?? null;
}

/** The grid of `form` shows its first answer: the first paint of that grid goes. */
export function gridShown(form: string): void {
  if (shownForm() === form) document.getElementById(FIRST_PAINT)?.remove();
}

/**
 * A route rendered: a page without the first paint's grid on it makes it go. A render with
 * nothing in the root yet (the router's first, before the page's code has run) is no such page.
 */
export function routeRendered(): void {
  const form = shownForm();
  const root = document.getElementById('root');
  if (form === null || !root?.firstElementChild) return;
  if (!root.querySelector(`.screen-grid[data-form="${CSS.escape(form)}"]`)) document.getElementById(FIRST_PAINT)?.remove();
}
