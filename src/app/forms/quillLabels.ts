/**
 * Quill's own UI speaks English (its CSS writes "Normal", "Heading 2", "Visit URL:",
 * "Edit"…; its buttons are labelled "bold", "list: ordered"). This puts the UI language's
 * words on them: `data-label` on the header picker (Quill's CSS shows it instead of its
 * own text, and copies the chosen item's to the picker label), aria-label and title on
 * the buttons, and data-* attributes on the link tooltip that app.css shows.
 */
export type Say = (id: string) => string;

/** A toolbar control's message id: its Quill format and value (`list: ordered` → list_ordered). */
const BUTTONS: Record<string, string> = {
  bold: 'forms.rte_bold',
  italic: 'forms.rte_italic',
  underline: 'forms.rte_underline',
  'list:ordered': 'forms.rte_list_ordered',
  'list:bullet': 'forms.rte_list_bullet',
  link: 'forms.rte_link',
  blockquote: 'forms.rte_blockquote',
  clean: 'forms.rte_clean',
};

const HEADINGS: Record<string, string> = { '': 'forms.rte_normal', '2': 'forms.rte_heading_2', '3': 'forms.rte_heading_3' };

/** Labels Quill's toolbar (`toolbar`) and link tooltip (inside `container`) in the UI language. */
export function localizeQuill(toolbar: HTMLElement, container: HTMLElement, say: Say): void {
  for (const b of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...b.classList].find((c) => c.startsWith('ql-'))?.slice(3);
    const id = format && BUTTONS[b.value ? `${format}:${b.value}` : format];
    if (!id) continue;
    b.setAttribute('aria-label', say(id));
    b.title = say(id);
  }
  const picker = toolbar.querySelector<HTMLElement>('.ql-picker.ql-header');
  if (picker) {
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const id = HEADINGS[item.getAttribute('data-value') ?? ''];
      if (id) item.setAttribute('data-label', say(id));
    }
    const label = picker.querySelector<HTMLElement>('.ql-picker-label');
    if (label) {
      const chosen = picker.querySelector<HTMLElement>('.ql-picker-item.ql-selected') ?? picker.querySelector<HTMLElement>('.ql-picker-item:not([data-value])');
      label.setAttribute('data-label', chosen?.getAttribute('data-label') ?? '');
      label.setAttribute('aria-label', say('forms.rte_text_style'));
      label.title = say('forms.rte_text_style');
    }
  }
  const tip = container.querySelector<HTMLElement>('.ql-tooltip');
  if (tip) {
    tip.setAttribute('data-visit', say('forms.rte_visit_url'));
    tip.setAttribute('data-enter', say('forms.rte_enter_link'));
    tip.querySelector('a.ql-action')?.setAttribute('data-edit', say('forms.rte_edit'));
    tip.querySelector('a.ql-action')?.setAttribute('data-save', say('forms.rte_save'));
    tip.querySelector('a.ql-remove')?.setAttribute('data-remove', say('forms.rte_remove'));
  }
}
