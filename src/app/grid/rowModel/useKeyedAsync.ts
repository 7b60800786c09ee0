/** A value loaded for a key (aggregates): a new key drops the old value and loads anew. */
import { useEffect, useEffectEvent, useState } from 'react';

export interface Keyed<T> {
  /** The value of the current key (null while it loads, or when it failed). */
  value: T | null;
  /** The current key's load failed. */
  failed: boolean;
  /** The last value loaded, of whichever key (the current one's once it is there); null before any. */
  last: T | null;
}

/**
 * An async value that belongs to a key: a new key drops the old value and fetches anew.
 * `load` is the one of the render that brought the key (it belongs to the key: a new
 * `load` alone loads nothing).
 */
export function useKeyedAsync<T>(key: string | null, load: () => Promise<T>): Keyed<T> {
  const [state, setState] = useState<Keyed<T> & { key: string | null }>({ key: null, value: null, failed: false, last: null });
  const start = useEffectEvent(() => load());
  useEffect(() => {
    if (key === null) return;
    let live = true;
    start().then(
      (value) => live && setState({ key, value, failed: false, last: value }),
      (e: unknown) => {
        console.warn('grid: load failed', e);
        // The last value stays (the totals of the same query keep showing it).
        if (live) setState((s) => ({ key, value: null, failed: true, last: s.last }));
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { value: null, failed: false, last: state.last };
}
