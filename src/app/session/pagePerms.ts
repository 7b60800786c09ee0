import type { MenuNode } from '../api/types.ts';
import type { GridPermissions } from '../grid/ScreenGrid.tsx';

const NONE: GridPermissions = { list: false, add: false, set: false, delete: false };

/** The user's permissions on a page, from the menu the server sent (none when the page is not in it). */
export function permsOf(menu: readonly MenuNode[], path: string): GridPermissions {
  for (const n of menu) {
    if (n.url === path) return { list: n.perms.list, add: n.perms.add, set: n.perms.set, delete: n.perms.delete };
    const below = permsOf(n.children, path);
    if (below !== NONE) return below;
  }
  return NONE;
}
