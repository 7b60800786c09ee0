/**
 * The client row model's code (ClientRowModel with its sorts and text index, and the
 * in-memory aggregate) is a chunk of its own: a server-model screen such as product_list
 * never loads it; a small source fetched whole loads it once, while its rows arrive, and
 * rows handed in load it too unless their page provides it (provideClientModule).
 */
import { useEffect, useState } from 'react';

export type ClientModule = typeof import('./clientRows.ts');

let loaded: ClientModule | undefined;
let loading: Promise<ClientModule> | undefined;

/**
 * A page that hands its rows in (ScreenGrid's `rows`) imports the model with its own code
 * and provides it here: its first rows then wait for no chunk.
 */
export function provideClientModule(m: ClientModule): void {
  loaded = m;
  loading = Promise.resolve(m);
}

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
