/** Spec §8: a failed chunk load reloads the page, at most once a minute (else a reload loop). */
const KEY = 'chunk-reload-at';
const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export const isChunkLoadError = (e: unknown): boolean =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(String((e as Error)?.message ?? e));

/** Reloads when allowed; answers whether it did. */
export function reloadForChunkError(now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, reload: () => void = () => location.reload()): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
