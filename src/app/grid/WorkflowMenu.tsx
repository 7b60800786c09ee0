/**
 * The toolbar's workflow menu: the events every picked row offers (features/workflow),
 * each with its icon and name in the UI language; none picked, or none in common, and
 * the menu says so instead. Loaded with a workflow screen (Toolbar), with the later
 * part of the catalogue (its texts).
 */
import { useState } from 'react';
import { EventIcon } from '../chrome/eventIcons.tsx';
import { eventName, type FsmAction } from '../../core/workflowActions.ts';
import { Popup } from './popover/Popup.tsx';

export interface WorkflowMenuProps {
  actions: FsmAction[];
  picked: number;
  lang: string;
  t: (id: string, values?: Record<string, string | number>) => string;
  run(action: FsmAction): void;
}

export default function WorkflowMenu({ actions, picked, lang, t, run }: WorkflowMenuProps) {
  const [open, setOpen] = useState(false);
  const label = t('workflow.actions');
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      trigger={{ className: 'grid-workflow', disabled: picked === 0, 'aria-haspopup': 'menu' }}
      label={label}
      panel={{ className: 'grid-popover grid-workflow-menu', role: 'menu', label, align: 'end', sideOffset: 4 }}
    >
      {actions.length === 0 && <p className="grid-muted">{t('workflow.no_common_actions')}</p>}
      {actions.map((a) => (
        <button
          key={a.event_code}
          type="button"
          role="menuitem"
          data-event={a.event_code}
          onClick={() => {
            setOpen(false);
            run(a);
          }}
        >
          <EventIcon name={a.params.bv_icon} />
          {eventName(a, lang)}
        </button>
      ))}
    </Popup>
  );
}
