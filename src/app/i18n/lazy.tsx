/**
 * What may speak keys of the catalogue's later part (core/catalogueParts.ts): a lazily loaded component
 * (dialogs, forms, editors, pages) asks for that part (it loads on first need: fullCatalogue.ts) and
 * waits for it and for its code.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React's lazy is wrapped
import { lazy, useState, type ComponentType } from 'react';
import { needFullCatalogue } from './fullCatalogue.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own signature for lazy components
export function lazyWithMessages<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), needFullCatalogue()]).then(([m]) => m));
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
