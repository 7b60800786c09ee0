/**
 * A set filter in the floating filter row (option, ref and yes/no columns): a button that
 * says what is picked and opens a popover of the column's values with checkboxes, a search
 * box, "(empty)" for rows without a value, and select all / none (SetFilterPanel.tsx, a
 * chunk loaded with the popover's code on the first pointer over or focus). Picks apply at
 * once; none picked is no filter. The value is the picks joined (filters.ts
 * `choiceValue`), so grid states and views keep one text per column.
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../i18n/lazy.tsx';
import { BLANK_CHOICE, choiceList } from '../filters.ts';
import { Popup } from '../popover/Popup.tsx';
import type { SetFilterProps } from './SetFilterPanel.tsx';

const load = () => import('./SetFilterPanel.tsx');
const SetFilterPanel = lazyWithMessages(load);

export function SetFilter(p: SetFilterProps) {
  const [open, setOpen] = useState(false);
  const picked = choiceList(p.value);
  const labelOf = (v: string) => (v === BLANK_CHOICE ? p.ctx.t('grid.group_empty') : (p.choices().find((c) => String(c.value) === v)?.label ?? v));
  const summary = picked.length ? picked.map(labelOf).join(', ') : p.ctx.t('grid.filter_any');
  return (
    <span style={{ display: 'contents' }} onPointerEnter={() => void load()} onFocus={() => void load()}>
      <Popup
        open={open}
        onOpenChange={setOpen}
        trigger={{ className: 'grid-filter grid-set-filter', 'aria-haspopup': 'dialog', 'aria-label': `${p.label}: ${summary}`, title: summary }}
        label={<span className="grid-set-filter-text">{summary}</span>}
        panel={{ className: 'grid-popover grid-set-panel', label: p.label, align: 'start', sideOffset: 2, data: { 'data-set-filter': p.field } }}
      >
        <Suspense fallback={<p className="grid-muted">{p.ctx.t('grid.loading')}</p>}>
          <SetFilterPanel {...p} picked={picked} />
        </Suspense>
      </Popup>
    </span>
  );
}
