/**
 * A new state of the diagram's workflow: its name in the UI language and its code (made from
 * the name until the user types one), final or not. Saved through the fsm_states form; a
 * refusal (a code taken, a bad code) is said in the dialog and nothing typed is lost.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../session/session.ts';
import { addState, codeFrom } from './editor.ts';
import { useDialogSave } from './useDialogSave.ts';

export function StateDialog({ type, onClose }: { type: string; onClose(changed: boolean): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lang = useSession((s) => s.lang);
  const [name, setName] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [final, setFinal] = useState(false);
  const { error, busy, run } = useDialogSave(onClose);
  const shownCode = code ?? codeFrom(name);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    await run(() => addState(type, shownCode, { [lang]: name.trim() }, final), 'workflow.state_saved');
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog wf-state-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{t('workflow.new_state')}</Dialog.Title>
          <form onSubmit={(e) => void save(e)}>
            <label className="dialog-field">
              {t('workflow.name')}
              <input name="state_name" value={name} required maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
            </label>
            <label className="dialog-field">
              {t('workflow.code')}
              <input name="state_code" value={shownCode} required maxLength={40} pattern="[a-z][a-z0-9_]*" onChange={(e) => setCode(e.target.value)} />
            </label>
            <label className="dialog-check">
              <input type="checkbox" name="final_state" checked={final} onChange={(e) => setFinal(e.target.checked)} />
              {t('workflow.diagram_final')}
            </label>
            {error && (
              <div className="alert alert-danger" role="alert">
                {error}
              </div>
            )}
            <div className="dialog-buttons">
              <button type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('common.save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
