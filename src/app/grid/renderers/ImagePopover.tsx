/**
 * The 300×300 image popover (spec §2) of the image and coverImage cells. The grid mounts
 * one when a `[data-action="image"]` element is clicked, anchored to that element, with
 * its `data-src`:
 *
 *   <ImagePopover anchor={el} src={el.dataset.src} label={t('grid.image')} onClose={() => setImage(null)} />
 *
 * Esc and a click outside close it (onClose). A click on the same thumbnail is left to
 * the grid's handler, which should toggle (same anchor → close). Focus then returns to
 * the grid cell.
 */
import * as Popover from '@radix-ui/react-popover';
import { useMemo, type SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../core/images.ts';

export const IMAGE_POPOVER_SIZE = 300;

export interface ImagePopoverProps {
  /** The clicked thumbnail (or its cell): the popover is placed beside it. */
  anchor: HTMLElement;
  /** The 300×300 image URL (the thumbnail's data-src). */
  src: string;
  /** Accessible name of the popover and the image's alt text. */
  label: string;
  onClose(): void;
}

function onError(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = '1';
  img.src = PLACEHOLDER_IMAGE;
}

export function ImagePopover({ anchor, src, label, onClose }: ImagePopoverProps) {
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          className="image-popover"
          side="right"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          style={{ width: IMAGE_POPOVER_SIZE, height: IMAGE_POPOVER_SIZE }}
          onPointerDownOutside={(e) => {
            // A click on its own thumbnail is the grid's (it toggles: same anchor → close).
            if (e.target instanceof Node && anchor.contains(e.target)) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.closest<HTMLElement>('[role="gridcell"]')?.focus({ preventScroll: true });
          }}
        >
          <img src={src} alt={label} width={IMAGE_POPOVER_SIZE} height={IMAGE_POPOVER_SIZE} decoding="async" onError={onError} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
