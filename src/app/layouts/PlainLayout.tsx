import { Outlet } from '@tanstack/react-router';

/** A page without chrome (spec §2: client-only). */
export function PlainLayout() {
  return (
    <div className="layout-plain">
      <Outlet />
    </div>
  );
}
