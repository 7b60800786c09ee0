/**
 * A transition of the diagram, new (a drag from one state to another) or clicked: its
 * event — one of the type's, or a new one named here (saved first through the fsm_events
 * form, with the editors' rights of the events page) —, timeout, position and where it is
 * offered. Saved through the fsm_transitions form (add, or set with its version), deleted the
 * same way; a refusal (deleting a state's only way out while records are in it names them) is
 * said in the dialog and nothing the user typed is lost.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../api/client.ts';
import type { GridPermissions } from '../../grid/gridProps.ts';
import { useSession } from '../../session/session.ts';
import { nameIn, type Board, type BoardTransition } from './board.ts';
import { addEvent, codeFrom } from './editor.ts';
import { useDialogSave } from './useDialogSave.ts';

export type Editing = { kind: 'add'; from: number; to: number } | { kind: 'edit'; transition: BoardTransition };

/** The event select's choice that names a new event. */
const NEW_EVENT = '';

interface Draft {
  event_code: string;
  /** A new event's name in the UI language (event_code NEW_EVENT). */
  new_event: string;
  timeout: string;
  position: string;
  show_in_fsm_actions: boolean;
  show_in_fsm_buttons: boolean;
}

const draftOf = (board: Board, e: Editing): Draft =>
  e.kind === 'edit'
    ? {
        event_code: e.transition.event_code,
        new_event: '',
        timeout: e.transition.timeout === null ? '' : String(e.transition.timeout),
        position: String(e.transition.position),
        show_in_fsm_actions: e.transition.show_in_fsm_actions,
        show_in_fsm_buttons: e.transition.show_in_fsm_buttons,
      }
    : { event_code: board.events.find((x) => !x.retired)?.event_code ?? NEW_EVENT, new_event: '', timeout: '', position: '0', show_in_fsm_actions: true, show_in_fsm_buttons: false };

/** A whole number typed, or the text itself (the server refuses it with the column's message). */
const numberOr = (text: string): number | string => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

export function TransitionDialog({
  board,
  editing,
  perms,
  eventPerms,
  onClose,
}: {
  board: Board;
  editing: Editing;
  perms: GridPermissions;
  /** The events page's rights: a new event named here needs its `add`. */
  eventPerms: GridPermissions;
  onClose(changed: boolean): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lang = useSession((s) => s.lang);
  const [draft, setDraft] = useState(() => draftOf(board, editing));
  const { error, busy, run } = useDialogSave(onClose);
  const canSave = editing.kind === 'add' ? perms.add : perms.set;
  const from = editing.kind === 'add' ? editing.from : editing.transition.from_state_id;
  const to = editing.kind === 'add' ? editing.to : editing.transition.to_state_id;
  const stateName = (id: number) => {
    const s = board.states.find((x) => x.state_id === id);
    return s ? nameIn(s.state_names, lang) || s.state_code : String(id);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      event_code: draft.event_code || codeFrom(draft.new_event),
      timeout: draft.timeout.trim() === '' ? null : numberOr(draft.timeout),
      position: numberOr(draft.position),
      show_in_fsm_actions: draft.show_in_fsm_actions,
      show_in_fsm_buttons: draft.show_in_fsm_buttons,
    };
    const saveTransition = () =>
      editing.kind === 'add'
        ? api.action('fsm_transitions', 'add', { type_code: board.type.type_code, from_state_id: from, to_state_id: to, ...fields })
        : api.action('fsm_transitions', 'set', { transition_id: editing.transition.transition_id, row_version: editing.transition.row_version, ...fields });
    void run(async () => {
      if (draft.event_code === NEW_EVENT) {
        await addEvent(board.type.type_code, { code: fields.event_code, names: { [lang]: draft.new_event.trim() }, variant: 'primary', icon: '', email: false, retired: false, roles: new Set() }, []);
        // Made: a second try (the transition refused) names it, it is not made again.
        setDraft((d) => ({ ...d, event_code: fields.event_code }));
      }
      await saveTransition();
    }, 'workflow.diagram_saved');
  };
  const remove = () => {
    if (editing.kind !== 'edit') return;
    void run(() => api.action('fsm_transitions', 'delete', { keys: [editing.transition.transition_id] }), 'workflow.diagram_deleted');
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog wf-transition-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{t(editing.kind === 'add' ? 'workflow.diagram_new' : 'workflow.diagram_transition')}</Dialog.Title>
          <form onSubmit={save}>
            <p className="dialog-body wf-transition-states">
              {stateName(from)} → {stateName(to)}
            </p>
            <label className="dialog-field">
              {t('workflow.diagram_event')}
              <select name="event_code" value={draft.event_code} disabled={!canSave} onChange={(e) => setDraft({ ...draft, event_code: e.target.value })}>
                {board.events
                  .filter((ev) => !ev.retired || ev.event_code === draft.event_code)
                  .map((ev) => (
                    <option key={ev.event_code} value={ev.event_code}>
                      {nameIn(ev.event_names, lang) || ev.event_code}
                    </option>
                  ))}
                {eventPerms.add && <option value={NEW_EVENT}>{t('workflow.new_event_option')}</option>}
              </select>
            </label>
            {draft.event_code === NEW_EVENT && (
              <label className="dialog-field">
                {t('workflow.new_event_name')}
                <input name="new_event" value={draft.new_event} required maxLength={100} autoFocus onChange={(e) => setDraft({ ...draft, new_event: e.target.value })} />
              </label>
            )}
            <label className="dialog-field">
              {t('workflow.diagram_timeout')}
              <input name="timeout" inputMode="numeric" value={draft.timeout} disabled={!canSave} onChange={(e) => setDraft({ ...draft, timeout: e.target.value })} />
            </label>
            <label className="dialog-field">
              {t('workflow.diagram_position')}
              <input name="position" inputMode="numeric" value={draft.position} disabled={!canSave} onChange={(e) => setDraft({ ...draft, position: e.target.value })} />
            </label>
            <label className="dialog-check">
              <input
                type="checkbox"
                name="show_in_fsm_actions"
                checked={draft.show_in_fsm_actions}
                disabled={!canSave}
                onChange={(e) => setDraft({ ...draft, show_in_fsm_actions: e.target.checked })}
              />
              {t('workflow.diagram_in_menu')}
            </label>
            <label className="dialog-check">
              <input
                type="checkbox"
                name="show_in_fsm_buttons"
                checked={draft.show_in_fsm_buttons}
                disabled={!canSave}
                onChange={(e) => setDraft({ ...draft, show_in_fsm_buttons: e.target.checked })}
              />
              {t('workflow.diagram_as_button')}
            </label>
            {error && (
              <div className="alert alert-danger" role="alert">
                {error}
              </div>
            )}
            <div className="dialog-buttons">
              {editing.kind === 'edit' && perms.delete && (
                <button type="button" className="btn btn-danger wf-delete" disabled={busy} onClick={remove}>
                  {t('common.delete')}
                </button>
              )}
              <button type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
                {t('common.cancel')}
              </button>
              {canSave && (
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t('common.save')}
                </button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
