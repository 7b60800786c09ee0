/** Spec §8: a failed chunk load reloads the page, at most once a minute (else a reload loop). */
const KEY = 'chunk-reload-at';

export const isChunkLoadError = (e: unknown): boolean =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(
    String((e as Error)?.message ?? e),
  );

/** Reloads when allowed; answers whether it did. */
export function reloadForChunkError(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < 60_000) return false;
  sessionStorage.setItem(KEY, String(now));
  location.reload();
  return true;
}
