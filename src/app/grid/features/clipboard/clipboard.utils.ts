/**
 * Puts text on the clipboard from a key press: through the grid's hidden textarea and
 * `execCommand('copy')` (synchronous, inside the key's user activation), else the async
 * Clipboard API.
 */
export function copyText(text: string, area: HTMLTextAreaElement | null): void {
  let done = false;
  if (area) {
    area.value = text;
    area.focus({ preventScroll: true });
    area.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
  }
  if (!done) void navigator.clipboard?.writeText(text).catch(() => {});
}
