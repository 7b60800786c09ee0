/**
 * A read that several procedures of one request make (the bootstrap runs user, init and
 * page_log together: the companies and the menu were each read twice), made once: kept by
 * the request's context, which lives as long as the request (app.ts makes one per call).
 */
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oncePerRequest<T>(ctx: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = kept.get(ctx);
  if (!reads) kept.set(ctx, (reads = new Map()));
  let p = reads.get(key) as Promise<T> | undefined;
  if (!p) reads.set(key, (p = read()));
  return p;
}
