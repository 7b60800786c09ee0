/**
 * A Radix popover anchored to an element the grid already rendered (a toolbar or header
 * button, a thumbnail). The lazily loaded half of `Popup` and of the image popover: the
 * positioning code (Radix Popper, Floating UI) is not part of a list page's first paint.
 *
 * Esc and a click outside close it; a click on the anchor is left to the anchor (it
 * toggles). Closing without a click outside returns focus to `focusOnClose`. A menu's
 * items also answer the arrow keys.
 */
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { focusWhenThere } from './focusWhenThere.ts';

export interface PanelProps {
  anchor: HTMLElement;
  onClose(): void;
  children: ReactNode;
  className: string;
  label: string;
  role?: 'menu' | 'dialog';
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  sideOffset?: number;
  collisionPadding?: number;
  style?: CSSProperties;
  /** data-* attributes of the content (tests and styles find a column's menu by them). */
  data?: Record<`data-${string}`, string>;
  /** Where focus goes when the popover closes by Esc or from inside (default, or null: the anchor). */
  focusOnClose?: () => HTMLElement | null | undefined;
}

/** A menu's items by arrow keys (Down/Up wrap, Home/End), as the menu role promises; Tab still walks them. */
function menuKeys(e: KeyboardEvent<HTMLDivElement>) {
  if (e.altKey || e.ctrlKey || e.metaKey || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role^=menuitem]:not(:disabled)')];
  if (!items.length) return;
  e.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const n = items.length;
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : e.key === 'ArrowDown' ? (at + 1) % n : (at - 1 + n) % n;
  items[next]!.focus();
}

export default function PopoverPanel({ anchor, onClose, children, className, label, role, side = 'bottom', align = 'end', sideOffset = 4, collisionPadding, style, data, focusOnClose }: PanelProps) {
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  const outside = useRef(false);
  const stopWatch = useRef<() => void>(undefined);
  useEffect(() => () => stopWatch.current?.(), []);
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchorRef} />
      {/* Into the page's main landmark where the anchor is in it: a menu is no landmark (nor
          a dialog), and content outside every landmark is lost to landmark navigation (axe: region). */}
      <Popover.Portal container={anchor.closest('main')}>
        <Popover.Content
          className={className}
          {...(role ? { role } : {})}
          aria-label={label}
          side={side}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          style={style}
          {...data}
          onKeyDown={role === 'menu' ? menuKeys : undefined}
          // Radix focuses right after this; a content still loading gets its first field later.
          onOpenAutoFocus={(e) => void (stopWatch.current = focusWhenThere(e.currentTarget as HTMLElement))}
          onInteractOutside={(e) => {
            // The anchor's own click toggles the popover; closing here would reopen it.
            if (e.target instanceof Node && anchor.contains(e.target)) e.preventDefault();
            else outside.current = true;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!outside.current) (focusOnClose?.() ?? anchor).focus({ preventScroll: true });
          }}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
