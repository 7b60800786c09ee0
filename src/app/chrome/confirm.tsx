import * as Dialog from '@radix-ui/react-dialog';
import { FormattedMessage } from 'react-intl';
import { createStore, useStore } from '../session/createStore.ts';
import type { Values } from '../i18n/useT.ts';

export interface ConfirmOptions {
  /** Locale keys; spec §5: delete asks with title 'sure' and buttons delete and cancel. */
  titleId?: string;
  titleValues?: Values;
  /** Literal title (e.g. a workflow event name in the current language). */
  title?: string;
  bodyId?: string;
  bodyValues?: Values;
  okId?: string;
  cancelId?: string;
  /** Button style of the confirming button. */
  variant?: 'danger' | 'primary' | 'success' | 'warning';
}

const state = createStore<{ open: (ConfirmOptions & { resolve: (ok: boolean) => void }) | null }>({ open: null });

/** Asks the user; resolves true on the confirming button, false on cancel or Esc. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    state.get().open?.resolve(false);
    state.set({ open: { ...options, resolve } });
  });
}

function answer(ok: boolean) {
  const open = state.get().open;
  state.set({ open: null });
  open?.resolve(ok);
}

export function ConfirmDialog() {
  const o = useStore(state, (s) => s.open);
  return (
    <Dialog.Root open={!!o} onOpenChange={(open) => !open && answer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{o?.title ?? <FormattedMessage id={o?.titleId ?? 'messages.sure'} values={o?.titleValues as Record<string, string>} />}</Dialog.Title>
          {o?.bodyId && (
            <p className="dialog-body">
              <FormattedMessage id={o.bodyId} values={o.bodyValues as Record<string, string>} />
            </p>
          )}
          <div className="dialog-buttons">
            <button type="button" className="btn btn-secondary" onClick={() => answer(false)}>
              <FormattedMessage id={o?.cancelId ?? 'common.cancel'} />
            </button>
            <button type="button" className={`btn btn-${o?.variant ?? 'danger'}`} onClick={() => answer(true)} autoFocus>
              <FormattedMessage id={o?.okId ?? 'common.delete'} />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
