/**
 * Product pictures in the images grid (registry keys `product_pictures_add`,
 * `product_picture_replace`; server: src/server/http/images.ts). Add pictures: files picked,
 * or dropped anywhere on the grid, each a new image row of the grid's product (the first
 * the cover when it has none), sent one after another so they keep their order. Replace
 * picture: a new picture for the one picked row. A file the server refuses (not a picture,
 * too large, too many pixels) is named in a toast with the server's reason; the others go on.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { api } from '../api/client.ts';
import { describeError } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { PickedButton } from './PickedButton.tsx';
import type { BulkActionProps } from './actionProps.ts';
import './pictures.css';

const UPLOAD = '/api/images/product_images';
/** What the file picker offers (the server reads the content, whatever the name says). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Sends one picture; a refusal is said with the file's name. */
async function send(fields: Record<string, string>, file: File): Promise<boolean> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  try {
    await api.upload(UPLOAD, body);
    return true;
  } catch (e) {
    toast({ variant: 'danger', id: 'grid.bulk_picture_failed', values: { name: file.name, reason: describeError(e) } });
    return false;
  }
}

const carriesFiles = (e: DragEvent) => !!e.dataTransfer?.types.includes('Files');

export function PicturesAdd({ fixed, onDone }: BulkActionProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const product = typeof fixed?.product_code === 'string' ? fixed.product_code : undefined;
  const dropLabel = t('grid.bulk_pictures_drop');

  const add = async (files: File[]) => {
    if (!product || !files.length) return;
    setBusy(true);
    let added = 0;
    try {
      for (const f of files) if (await send({ product_code: product }, f)) added++;
    } finally {
      setBusy(false);
    }
    if (added) {
      toast({ variant: 'success', id: 'grid.bulk_pictures_added', values: { count: added } });
      onDone();
    }
  };
  const dropped = useEffectEvent((files: File[]) => void add(files));

  // The whole grid takes dropped files while it shows a product's images.
  useEffect(() => {
    const root = button.current?.closest<HTMLElement>('.screen-grid');
    if (!root || !product) return;
    let depth = 0;
    const off = () => {
      depth = 0;
      delete root.dataset.pictureDrop;
    };
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth++;
      root.dataset.pictureDrop = dropLabel;
    };
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (carriesFiles(e) && --depth <= 0) off();
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      off();
      dropped([...e.dataTransfer!.files]);
    };
    root.addEventListener('dragenter', enter);
    root.addEventListener('dragover', over);
    root.addEventListener('dragleave', leave);
    root.addEventListener('drop', drop);
    return () => {
      off();
      root.removeEventListener('dragenter', enter);
      root.removeEventListener('dragover', over);
      root.removeEventListener('dragleave', leave);
      root.removeEventListener('drop', drop);
    };
  }, [product, dropLabel]);

  return (
    <>
      <button ref={button} type="button" className="grid-bulk-pictures-add" disabled={!product || busy} title={t('grid.bulk_pictures_hint')} onClick={() => input.current?.click()}>
        {t('grid.bulk_pictures_add')}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="pictures-add-input"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          void add(files);
        }}
      />
    </>
  );
}

export function PictureReplace({ query, onDone }: BulkActionProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const picked = sel && !sel.all ? (sel.keys as number[]) : [];
  const replace = async (file: File | undefined) => {
    const id = picked.length === 1 ? picked[0] : undefined;
    if (!file || id === undefined) return;
    setBusy(true);
    try {
      if (await send({ image_id: String(id) }, file)) {
        toast({ variant: 'success', id: 'grid.bulk_picture_replaced' });
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PickedButton
        className="grid-bulk-picture-replace"
        label={t('grid.bulk_picture_replace')}
        picked={picked.length}
        max={1}
        pickHint={t('grid.bulk_picture_pick_one')}
        tooManyHint={t('grid.bulk_picture_pick_one')}
        disabled={busy}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="picture-replace-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void replace(file);
        }}
      />
    </>
  );
}
