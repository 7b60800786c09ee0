import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

/** A drawer's props (Sidebar.tsx loads this dialog with the first opening). */
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

/** The drawer itself (Radix Dialog), loaded with the first opening (Sidebar.tsx). */
export default function SidebarDialog({ open, onOpenChange, side, title, closeLabel, children, initialFocus }: SidebarProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sidebar-overlay" />
        <Dialog.Content
          className={`sidebar sidebar-${side}`}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            const el = initialFocus && e.currentTarget instanceof HTMLElement ? initialFocus(e.currentTarget) : null;
            if (!el) return;
            e.preventDefault();
            el.focus();
          }}
        >
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
