/**
 * An event of the diagram's workflow, new or clicked: its name in the UI language (and a new
 * one's code), its button's style and icon chosen from the lists with the button shown as it
 * will look, whether it asks for an e-mail text, the roles that may press it (none ticked:
 * everyone with the Events right), retired or not, its place among the events, or its
 * deletion. Saved through the fsm_events and fsm_event_roles forms; a refusal — retiring the
 * only way out of a state records are in names them — is said here and nothing is lost.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { EVENT_ICONS } from '../../../core/eventIcons.ts';
import { EVENT_VARIANTS } from '../../../core/workflowActions.ts';
import { EventButtonPreview } from '../../chrome/EventButtonPreview.tsx';
import { EventIcon } from '../../chrome/eventIcons.tsx';
import type { GridPermissions } from '../../grid/gridProps.ts';
import { useSession } from '../../session/session.ts';
import { nameIn, type Board } from './board.ts';
import { addEvent, codeFrom, deleteEvent, loadRoles, move, renamed, saveEvent, type EventDraft, type RoleChoice } from './editor.ts';
import { useDialogSave } from './useDialogSave.ts';

type BoardEvent = Board['events'][number];

const draftOf = (e: BoardEvent | null, lang: string): EventDraft => ({
  code: e?.event_code ?? '',
  names: e?.event_names ?? {},
  variant: typeof e?.event_params.bv_variant === 'string' ? e.event_params.bv_variant : 'primary',
  icon: typeof e?.event_params.bv_icon === 'string' ? e.event_params.bv_icon : '',
  email: e?.event_params.email === true,
  retired: e?.retired ?? false,
  roles: new Set(),
  ...(e ? {} : { names: { [lang]: '' } }),
});

export function EventDialog({ board, event, perms, onClose }: { board: Board; event: BoardEvent | null; perms: GridPermissions; onClose(changed: boolean): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lang = useSession((s) => s.lang);
  const [draft, setDraft] = useState(() => draftOf(event, lang));
  const [codeTyped, setCodeTyped] = useState(false);
  const [roles, setRoles] = useState<RoleChoice[] | null>(null);
  const { error, busy, run, fail } = useDialogSave(onClose);
  const canSave = event ? perms.set : perms.add;
  const name = draft.names[lang] ?? nameIn(draft.names, lang);

  // The roles with this event's ticks (a new event: another event's list, none ticked).
  useEffect(() => {
    let live = true;
    loadRoles(event?.event_id ?? board.events[0]?.event_id, !event).then(
      (r) => {
        if (!live) return;
        setRoles(r);
        setDraft((d) => ({ ...d, roles: new Set(r.filter((x) => x.may_press).map((x) => x.role_id)) }));
      },
      (e: unknown) => live && fail(e),
    );
    return () => {
      live = false;
    };
  }, [event, board, fail]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!roles) return;
    void run(() => (event ? saveEvent(event, draft, roles) : addEvent(board.type.type_code, draft, roles)), 'workflow.event_saved');
  };
  const reorder = (by: -1 | 1) => event && void run(() => move('fsm_events', 'event_id', board.events, event, by), 'workflow.event_saved');
  const toggleRole = (id: number, on: boolean) => {
    const next = new Set(draft.roles);
    if (on) next.add(id);
    else next.delete(id);
    setDraft({ ...draft, roles: next });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog wf-event-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{t(event ? 'workflow.diagram_event' : 'workflow.new_event')}</Dialog.Title>
          <form onSubmit={save}>
            <fieldset disabled={!canSave} className="wf-event-fields">
              <label className="dialog-field">
                {t('workflow.name')}
                <input
                  name="event_name"
                  value={name}
                  required
                  maxLength={100}
                  autoFocus
                  onChange={(e) => setDraft({ ...draft, names: renamed(draft.names, lang, e.target.value), ...(event || codeTyped ? {} : { code: codeFrom(e.target.value) }) })}
                />
              </label>
              {!event && (
                <label className="dialog-field">
                  {t('workflow.code')}
                  <input
                    name="event_code"
                    value={draft.code}
                    required
                    maxLength={40}
                    pattern="[a-z][a-z0-9_]*"
                    onChange={(e) => {
                      setCodeTyped(true);
                      setDraft({ ...draft, code: e.target.value });
                    }}
                  />
                </label>
              )}
              <label className="dialog-field">
                {t('fields.bv_variant')}
                <select name="bv_variant" value={draft.variant} onChange={(e) => setDraft({ ...draft, variant: e.target.value })}>
                  {EVENT_VARIANTS.map((v) => (
                    <option key={v} value={v}>
                      {t(`options.bv_variant.${v}`)}
                    </option>
                  ))}
                </select>
              </label>
              <div className="dialog-field" role="radiogroup" aria-label={t('fields.bv_icon')}>
                {t('fields.bv_icon')}
                <div className="wf-icons">
                  {['', ...EVENT_ICONS].map((icon) => (
                    <button
                      key={icon || '-'}
                      type="button"
                      role="radio"
                      aria-checked={draft.icon === icon}
                      className="wf-icon"
                      data-icon-choice={icon}
                      title={icon || t('workflow.no_icon')}
                      aria-label={icon || t('workflow.no_icon')}
                      onClick={() => setDraft({ ...draft, icon })}
                    >
                      {icon ? <EventIcon name={icon} /> : '∅'}
                    </button>
                  ))}
                </div>
              </div>
              <div className="dialog-field">
                {t('workflow.preview')}
                <div className="wf-preview">
                  <EventButtonPreview variant={draft.variant} icon={draft.icon} name={name || draft.code} />
                </div>
              </div>
              <label className="dialog-check">
                <input type="checkbox" name="email" checked={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.checked })} />
                {t('workflow.asks_email')}
              </label>
              {event && (
                <label className="dialog-check">
                  <input type="checkbox" name="retired" checked={draft.retired} onChange={(e) => setDraft({ ...draft, retired: e.target.checked })} />
                  {t('fields.retired')}
                </label>
              )}
              <fieldset className="wf-roles">
                <legend>{t('workflow.who_may_press')}</legend>
                <p className="wf-hint">{t('workflow.who_may_press_hint')}</p>
                {roles?.map((r) => (
                  <label key={r.role_id} className="dialog-check" data-role={r.role_code}>
                    <input type="checkbox" checked={draft.roles.has(r.role_id)} onChange={(e) => toggleRole(r.role_id, e.target.checked)} />
                    {nameIn(r.role_name, lang) || r.role_code}
                    {!r.active && ` (${t('workflow.role_inactive')})`}
                  </label>
                ))}
              </fieldset>
            </fieldset>
            {error && (
              <div className="alert alert-danger" role="alert">
                {error}
              </div>
            )}
            <div className="dialog-buttons">
              {event && perms.set && (
                <>
                  <button type="button" className="btn btn-secondary wf-earlier" disabled={busy} onClick={() => reorder(-1)}>
                    {t('workflow.earlier')}
                  </button>
                  <button type="button" className="btn btn-secondary wf-later" disabled={busy} onClick={() => reorder(1)}>
                    {t('workflow.later')}
                  </button>
                </>
              )}
              {event && perms.delete && (
                <button type="button" className="btn btn-danger wf-delete" disabled={busy} onClick={() => void run(() => deleteEvent(event), 'workflow.event_deleted')}>
                  {t('common.delete')}
                </button>
              )}
              <button type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
                {t('common.cancel')}
              </button>
              {canSave && (
                <button type="submit" className="btn btn-primary" disabled={busy || !roles}>
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
