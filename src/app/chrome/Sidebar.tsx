import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

/** A side drawer (menu tree, user): up to 35 % of the width, at most 560 px (spec §9). */
export function Sidebar({ open, onOpenChange, side, title, closeLabel, children }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sidebar-overlay" />
        <Dialog.Content className={`sidebar sidebar-${side}`} aria-describedby={undefined}>
          <div className="sidebar-head">
            <Dialog.Title className="sidebar-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={closeLabel}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="sidebar-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
