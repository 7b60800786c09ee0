/**
 * A button that opens a popover (column menu, column chooser, fill, views). The button
 * is plain DOM in the grid's chunk; the popover itself (PopoverPanel) loads on the first
 * pointer over or focus of any such button, or at the latest on the first open.
 */
import { Suspense, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { lazyWithMessages } from '../../i18n/lazy.tsx';
import type { PanelProps } from './PopoverPanel.tsx';

const load = () => import('./PopoverPanel.tsx');
export const PopoverPanel = lazyWithMessages(load);
let loading: Promise<unknown> | null = null;
/** Starts loading the popover code (once); an intent to open one is enough. */
const preloadPopover = () => void (loading ??= load());

type TriggerProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & { 'aria-haspopup': 'menu' | 'dialog' };

interface PopupProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: TriggerProps;
  /** The button's content. */
  label: ReactNode;
  panel: Omit<PanelProps, 'anchor' | 'onClose' | 'children'>;
  children: ReactNode;
}

export function Popup({ open, onOpenChange, trigger, label, panel, children }: PopupProps) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button
        {...trigger}
        ref={setButton}
        type="button"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preloadPopover}
        onFocus={preloadPopover}
        onClick={() => onOpenChange(!open)}
      >
        {label}
      </button>
      {open && button && (
        <Suspense fallback={null}>
          <PopoverPanel {...panel} anchor={button} onClose={() => onOpenChange(false)}>
            {children}
          </PopoverPanel>
        </Suspense>
      )}
    </>
  );
}
