/**
 * The 300×300 image popover (spec §2) of the image and coverImage cells. The grid mounts
 * one when a `[data-action="image"]` element is clicked, anchored to that element, with
 * its `data-src`:
 *
 *   <ImagePopover anchor={el} src={el.dataset.src} label={t('grid.image')} onClose={() => setImage(null)} />
 *
 * Esc and a click outside close it (onClose). A click on the same thumbnail is left to
 * the grid's handler, which should toggle (same anchor → close). Focus then returns to
 * the grid cell. The popover code loads with the first one (popover/PopoverPanel.tsx).
 */
import { Suspense, type SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../core/images.ts';
import { PopoverPanel } from '../popover/Popup.tsx';

const IMAGE_POPOVER_SIZE = 300;

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
  return (
    <Suspense fallback={null}>
      <PopoverPanel
        anchor={anchor}
        onClose={onClose}
        className="image-popover"
        label={label}
        side="right"
        align="start"
        sideOffset={4}
        collisionPadding={8}
        style={{ width: IMAGE_POPOVER_SIZE, height: IMAGE_POPOVER_SIZE }}
        focusOnClose={() => anchor.closest<HTMLElement>('[role="gridcell"]')}
      >
        <img src={src} alt={label} width={IMAGE_POPOVER_SIZE} height={IMAGE_POPOVER_SIZE} decoding="async" onError={onError} />
      </PopoverPanel>
    </Suspense>
  );
}
