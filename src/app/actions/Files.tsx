/**
 * Files of an order's Documents tab (registry keys `file_upload`, `file_download`; the forms
 * with `actions.upload` that are the detail of their order: sales_order_documents,
 * purchase_order_documents; server: src/server/http/files.ts). Upload: files picked, each a
 * new row of the grid's order (the detail's master key, its fixed filter), sent one after
 * another; a file the server refuses (type, size, content) is named in a toast with its
 * reason, the others go on. Download: the picked rows' files, each saved under its name (a
 * kept copy of a document not drawn yet is drawn by the server then). Removing is the grid's
 * own Delete.
 */
import { useRef, useState } from 'react';
import { FILE_TYPES, MAX_UPLOAD_BYTES } from '../../../schemas/api/files.ts';
import { api } from '../api/client.ts';
import { describeError } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { saveBlob } from '../grid/transfer/saveBlob.ts';
import { useT } from '../i18n/useT.ts';
import { PickedButton } from './PickedButton.tsx';
import type { BulkActionProps } from './actionProps.ts';

/** What the file picker offers: the types the server takes (it reads the content, whatever the name says). */
const ACCEPT = Object.keys(FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
/** Downloads at once from one click. */
const MAX_DOWNLOADS = 20;

export function FileUpload({ screen, fixed, onDone }: BulkActionProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // The order the files hang on: the detail's master key (order_id, po_id), as the server's upload takes it.
  const parent = Object.entries(fixed ?? {}).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  const add = async (files: File[]) => {
    if (!parent.length || !files.length) return;
    setBusy(true);
    let added = 0;
    try {
      for (const f of files) {
        const body = new FormData();
        for (const [k, v] of parent) body.append(k, String(v));
        body.append('file', f);
        try {
          await api.upload(`/api/files/${screen.form}`, body);
          added++;
        } catch (e) {
          toast({ variant: 'danger', id: 'grid.bulk_file_failed', values: { name: f.name, reason: describeError(e) } });
        }
      }
    } finally {
      setBusy(false);
    }
    if (added) {
      toast({ variant: 'success', id: 'grid.bulk_files_added', values: { count: added } });
      onDone();
    }
  };
  return (
    <>
      <button
        type="button"
        className="grid-bulk-file-upload"
        disabled={!parent.length || busy}
        title={t('grid.bulk_file_upload_hint', { types: Object.keys(FILE_TYPES).join(', '), size: MAX_UPLOAD_BYTES / 1024 / 1024 })}
        onClick={() => input.current?.click()}
      >
        {t('grid.bulk_file_upload')}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="file-upload-input"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          void add(files);
        }}
      />
    </>
  );
}

export function FileDownload({ screen, query }: BulkActionProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const picked = sel && !sel.all ? sel.keys : [];
  const key = screen.source.key as string;
  const download = async () => {
    setBusy(true);
    try {
      for (const id of picked) {
        try {
          // Its name as the grid shows it (a user may have renamed it), then its bytes.
          const row = (await api.action<'ListOutput'>(screen.form, 'filter', { [key]: id })).rows[0];
          const blob = await api.downloadGet(`/api/files/${screen.form}/${String(id)}`);
          saveBlob(blob, typeof row?.file_name === 'string' ? row.file_name : String(id));
        } catch (e) {
          toast({ variant: 'danger', id: 'grid.bulk_file_failed', values: { name: String(id), reason: describeError(e) } });
        }
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <PickedButton
      className="grid-bulk-file-download"
      label={t('grid.bulk_file_download')}
      picked={picked.length}
      max={MAX_DOWNLOADS}
      pickHint={t('grid.bulk_file_download_hint')}
      tooManyHint={t('grid.bulk_file_download_too_many', { max: MAX_DOWNLOADS })}
      disabled={busy}
      onClick={() => void download()}
    />
  );
}
