import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { screenLoaders } from '../../generated/routes.ts';
import { expand } from '../../generated/screenDefaults.ts';
import { addLookups } from '../grid/lookupScreens.ts';

const cache = new Map<string, Promise<ScreenDescriptor>>();

/**
 * The descriptor of a form (parsed by codegen: src/generated/screens/) with its lookups, its
 * chunk loaded once (a failed load is retried next time). Loaded, the promise carries the
 * fields React's `use` reads (status, value), so a render after the route's loader does not suspend.
 */
export function loadScreen(form: string): Promise<ScreenDescriptor> {
  let p = cache.get(form);
  if (!p) {
    const load = screenLoaders[form];
    if (!load) return Promise.reject(new Error(`unknown form ${form}`));
    p = load().then((m) => {
      addLookups(m.lookups); // before the descriptor: its columns read them
      return expand(m.default);
    });
    p.then(
      (value) => Object.assign(p!, { status: 'fulfilled', value }),
      () => cache.delete(form),
    );
    cache.set(form, p);
  }
  return p;
}
