import { use, useMemo, useState } from 'react';
import type { MenuNode } from '../api/types.ts';
import { ScreenFormDialog } from '../forms/ScreenFormDialog.tsx';
import { ScreenGrid, type GridPermissions } from '../grid/ScreenGrid.tsx';
import { usePrefs } from '../session/prefs.ts';
import { useSession } from '../session/session.ts';
import { loadScreen } from './loadScreen.ts';

const NONE: GridPermissions = { list: false, add: false, set: false, delete: false };

function permsOf(menu: MenuNode[], path: string): GridPermissions {
  for (const n of menu) {
    if (n.url === path) return { list: n.perms.list, add: n.perms.add, set: n.perms.set, delete: n.perms.delete };
    const below = permsOf(n.children, path);
    if (below !== NONE) return below;
  }
  return NONE;
}

/** Any descriptor route: its grid, with the add form when the user may add. No screen-specific component. */
export function ScreenPage({ form, path }: { form: string; path: string }) {
  const screen = use(loadScreen(form));
  const menu = useSession((s) => s.user?.menu);
  const perms = useMemo(() => permsOf(menu ?? [], path), [menu, path]);
  const theme = usePrefs((p) => p.theme);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <>
      <ScreenGrid screen={screen} perms={perms} theme={theme} onAdd={() => setAdding(true)} onEditRow={setEditing} reloadKey={reloadKey} />
      {editing && (
        <ScreenFormDialog
          screen={screen}
          mode="edit"
          row={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
      {adding && (
        <ScreenFormDialog
          screen={screen}
          mode="add"
          open={adding}
          onOpenChange={setAdding}
          onSaved={() => {
            setAdding(false);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}
