import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';

export interface SidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** Where the focus goes on opening (default: the first control, the close button). */
  initialFocus?: (content: HTMLElement) => HTMLElement | null | undefined;
}

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
