import { Outlet } from '@tanstack/react-router';
import { InsideMain } from './insideMain.ts';

/** A page without chrome (spec §2: client-only). */
export function PlainLayout() {
  return (
    <main className="layout-plain">
      <InsideMain value>
        <Outlet />
      </InsideMain>
    </main>
  );
}
