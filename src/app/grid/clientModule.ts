/**
 * The client row model's code (ClientRowModel with its sorts and text index, and the
 * in-memory aggregate) is a chunk of its own: a server-model screen such as product_list
 * never loads it; rows handed in, or a small source fetched whole, load it once, while
 * their rows arrive.
 */
import { useEffect, useState } from 'react';

export type ClientModule = typeof import('./clientRows.ts');

let loaded: ClientModule | undefined;
let loading: Promise<ClientModule> | undefined;

export function loadClientModule(): Promise<ClientModule> {
  if (!loading) {
    loading = import('./clientRows.ts').then((m) => (loaded = m));
    // A failed load (network) is tried again next time.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** The module once loaded (at once when it already is); `needed` starts the load. */
export function useClientModule(needed: boolean): ClientModule | undefined {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (!needed || mod) return;
    let live = true;
    loadClientModule().then(
      (m) => live && setMod(m),
      (e: unknown) => console.warn('grid: the client row model did not load', e),
    );
    return () => {
      live = false;
    };
  }, [needed, mod]);
  return mod ?? loaded;
}
