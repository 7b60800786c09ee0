/**
 * What may speak keys of the catalogue's later part (core/catalogueParts.ts): a lazily loaded component
 * (dialogs, forms, editors, pages) waits for its code and for that part; <Later> holds
 * back children of a page that paints early (toasts) until the part is in.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React's lazy is wrapped
import { lazy, use, useState, type ComponentType, type ReactNode } from 'react';
import { fullCatalogue } from './fullCatalogue.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own signature for lazy components
export function lazyWithMessages<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), fullCatalogue]).then(([m]) => m));
}

export function Later({ children }: { children: ReactNode }) {
  use(fullCatalogue);
  return children;
}

/** A lazily loaded part of a page's first paint (the screen page, cell renderers): it speaks first-part keys only and does not wait. */
export const lazyFirstPart = lazy;

/**
 * A first-part lazy component whose code is loaded ahead (`preload`, which its route's
 * loader awaits): loaded, it renders without suspending. A Suspense fallback shown on the
 * way holds the later reveal back by React's fallback throttle (300 ms after the fallback:
 * ~200 ms of a page load's first rows).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  const Lazy = lazy(load);
  function Preloadable(props: P) {
    // Chosen once: a component that rendered lazily stays that one (a switch would remount it).
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
