/** A value loaded for a key (aggregates): a new key drops the old value and loads anew. */
import { useEffect, useState } from 'react';

/** An async value that belongs to a key: a new key drops the old value and fetches anew. */
export function useKeyedAsync<T>(key: string | null, load: () => Promise<T>): { value: T | null; failed: boolean } {
  const [state, setState] = useState<{ key: string | null; value: T | null; failed: boolean }>({ key: null, value: null, failed: false });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, value, failed: false }),
      (e: unknown) => {
        console.warn('grid: load failed', e);
        if (live) setState({ key, value: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
    // `load` belongs to the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? { value: state.value, failed: state.failed } : { value: null, failed: false };
}
