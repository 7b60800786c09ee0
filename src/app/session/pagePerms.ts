import type { MenuNode } from '../api/types.ts';
import type { GridPermissions } from '../grid/gridProps.ts';

const NONE: GridPermissions = { list: false, add: false, set: false, delete: false, events: false };

/** The user's permissions on a page, from the menu the server sent (none when the page is not in it). */
export function permsOf(menu: readonly MenuNode[], path: string): GridPermissions {
  for (const n of menu) {
    if (n.url === path) return { list: n.perms.list, add: n.perms.add, set: n.perms.set, delete: n.perms.delete, events: n.perms.events };
    const below = permsOf(n.children, path);
    if (below !== NONE) return below;
  }
  return NONE;
}

/**
 * Whether the user may run the events of a workflow type: the events right on the type's page
 * (the session's `event_types`, migration 094), which may be another page than the one
 * showing the records (the courier list shows sales orders).
 */
export const mayRunEvents = (eventTypes: readonly string[] | undefined, type: string | undefined): boolean => !!type && !!eventTypes?.includes(type);
