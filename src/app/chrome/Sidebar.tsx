import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import type { SidebarProps } from './SidebarDialog.tsx';

// The dialog code (Radix Dialog) loads with the first opening: a page paints without it.
const SidebarDialog = lazyWithMessages(() => import('./SidebarDialog.tsx'));

/** A side drawer (menu tree, user): up to 35 % of the width, at most 560 px (spec §9). */
export function Sidebar(props: SidebarProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SidebarDialog {...props} />
    </Suspense>
  );
}
