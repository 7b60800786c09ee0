/**
 * A Radix popover anchored to an element the grid already rendered (a toolbar or header
 * button, a thumbnail). The lazily loaded half of `Popup` and of the image popover: the
 * positioning code (Radix Popper, Floating UI) is not part of a list page's first paint.
 *
 * Esc and a click outside close it; a click on the anchor is left to the anchor (it
 * toggles). Closing without a click outside returns focus to `focusOnClose`.
 */
import * as Popover from '@radix-ui/react-popover';
import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';

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
  /** Where focus goes when the popover closes by Esc or from inside (default: the anchor). */
  focusOnClose?: () => HTMLElement | null | undefined;
}

export default function PopoverPanel({ anchor, onClose, children, className, label, role, side = 'bottom', align = 'end', sideOffset = 4, collisionPadding, style, data, focusOnClose }: PanelProps) {
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  const outside = useRef(false);
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
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
          onInteractOutside={(e) => {
            // The anchor's own click toggles the popover; closing here would reopen it.
            if (e.target instanceof Node && anchor.contains(e.target)) e.preventDefault();
            else outside.current = true;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!outside.current) (focusOnClose ? focusOnClose() : anchor)?.focus({ preventScroll: true });
          }}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
