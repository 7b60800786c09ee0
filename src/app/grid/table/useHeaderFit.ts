/**
 * Headers that do not fit a descriptor width widen it (headerFit.ts), per language and
 * theme: measured after the commit, before the paint (a layout effect), so a widened
 * header shows in the first frame. The widths become the ColumnDefs' sizes
 * (gridTable.ts `columnDefs`); a width the user set wins.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { headerNeeds, needsChanged } from './headerFit.ts';
import type { ViewColumn } from '../layout.ts';

const NO_NEEDS: Readonly<Record<string, number>> = {};

/** The widths the headers need, by column id (for this language and theme), and their update (one per key). */
export function useHeaderNeed(key: string): [Readonly<Record<string, number>>, (need: Record<string, number>) => void] {
  const [fit, setFit] = useState<{ key: string; need: Record<string, number> }>({ key: '', need: {} });
  const need = fit.key === key ? fit.need : NO_NEEDS;
  const update = useCallback(
    (next: Record<string, number>) =>
      setFit((old) => {
        const before = old.key === key ? old.need : NO_NEEDS;
        return needsChanged(before, next) ? { key, need: { ...before, ...next } } : old;
      }),
    [key],
  );
  return [need, update];
}

/**
 * Measures the headers of the columns the user has not sized (a pinned flex column has
 * its own width) once they are rendered, and hands what they need to `update`.
 */
export function useMeasureHeaders(
  rootRef: RefObject<HTMLElement | null>,
  cols: readonly ViewColumn[],
  sized: Readonly<Record<string, number>>,
  key: string,
  update: (need: Record<string, number>) => void,
): void {
  const measuredKey = cols
    .filter((c) => c.col && !(c.pinned && c.col.width === undefined) && sized[c.id] === undefined)
    .map((c) => c.id)
    .join('\n');
  // Measured again for a new key (language, theme: `update` is one per key) or other columns.
  useLayoutEffect(() => {
    if (!rootRef.current || !measuredKey) return;
    update(headerNeeds(rootRef.current, measuredKey.split('\n')));
  }, [rootRef, key, measuredKey, update]);
}
