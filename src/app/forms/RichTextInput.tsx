import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type Quill from 'quill';
import type { Message } from '../../core/validation/messages.ts';
import { FORM_LANGS } from './formModel.ts';
import { OneLanguageRule } from './MultiLangInput.tsx';
import { localizeQuill } from './quillLabels.ts';
import 'quill/dist/quill.snow.css';

/** Spec §9: the rich-text editor is 500 px high. */
const EDITOR_HEIGHT = 500;

export interface RichTextInputProps {
  id: string;
  labelId: string;
  /** Language code → HTML. */
  value: Record<string, string>;
  onChange(next: Record<string, string>): void;
  onBlur?(): void;
  errors: Record<string, Message | undefined>;
  required?: boolean;
  disabled?: boolean;
}

/** Quill's empty document. */
const EMPTY = /^(<p>(<br\s*\/?>)?<\/p>\s*)*$/;

/**
 * The editor's document replaced by `html`, the focus left where it is: Quill's
 * dangerouslyPasteHTML also selects the start, which focuses the editor — one loaded
 * after the user went on to another field took the keys typed there.
 */
function showHtml(q: Quill, html: string): void {
  q.setContents(q.clipboard.convert({ html, text: '' }), 'silent');
}

/**
 * Multi-language rich text: one Quill editor (loaded on first use), a tab per language.
 * The HTML is sanitized again by the server on save; what is typed here is never trusted.
 */
export function RichTextInput({ id, labelId, value, onChange, onBlur, errors, required, disabled }: RichTextInputProps) {
  const intl = useIntl();
  // The editor opens on the user's language: what she types first is her language's text.
  const [lang, setLang] = useState<string>(() => ((FORM_LANGS as readonly string[]).includes(intl.locale.slice(0, 2)) ? intl.locale.slice(0, 2) : FORM_LANGS[0]));
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  // What Quill's handlers and the tab switch read: the props as last committed.
  const latest = useRef({ value, onChange, lang, intl });
  useLayoutEffect(() => {
    latest.current = { value, onChange, lang, intl };
  });

  // Mount Quill once; its own DOM lives outside React's.
  useEffect(() => {
    let live = true;
    void import('quill').then(({ default: QuillCtor }) => {
      if (!live || !host.current) return;
      const q = new QuillCtor(host.current, {
        theme: 'snow',
        modules: { toolbar: [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline'], [{ list: 'ordered' }, { list: 'bullet' }], ['link', 'blockquote'], ['clean']] },
      });
      const toolbar = (q.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
      if (toolbar) localizeQuill(toolbar, host.current, (m) => latest.current.intl.formatMessage({ id: m }));
      q.root.setAttribute('aria-labelledby', `${id}-legend`);
      q.root.setAttribute('aria-multiline', 'true');
      q.root.setAttribute('role', 'textbox');
      q.root.setAttribute('lang', latest.current.lang);
      showHtml(q, latest.current.value[latest.current.lang] ?? '');
      q.on('text-change', () => {
        const html = q.root.innerHTML; // getSemanticHTML turns every space into &nbsp;
        const { value: v, onChange: change, lang: l } = latest.current;
        change({ ...v, [l]: EMPTY.test(html) ? '' : html });
      });
      quill.current = q;
    });
    return () => {
      live = false;
    };
  }, [id]);

  // Another language's text when the tab changes.
  useEffect(() => {
    const q = quill.current;
    if (!q) return;
    q.root.setAttribute('lang', lang);
    showHtml(q, latest.current.value[lang] ?? '');
  }, [lang]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled]);

  const fieldError = errors[''] ?? errors[lang];
  return (
    <fieldset className="form-field rich-text" id={id} onBlur={onBlur} aria-describedby={required ? `${id}-rule` : undefined}>
      <legend id={`${id}-legend`}>
        <FormattedMessage id={labelId} />
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {required && <OneLanguageRule id={`${id}-rule`} />}
      <div role="tablist" className="rich-text-tabs">
        {FORM_LANGS.map((l) => (
          <button key={l} type="button" role="tab" aria-selected={l === lang} className={`rich-text-tab${l === lang ? ' active' : ''}${errors[l] ? ' invalid' : ''}`} onClick={() => setLang(l)}>
            {l}
          </button>
        ))}
      </div>
      <div className="rich-text-editor" style={{ height: EDITOR_HEIGHT }}>
        <div ref={host} />
      </div>
      {fieldError && (
        <div className="field-error" aria-live="polite">
          <FormattedMessage id={fieldError.id} values={fieldError.values} />
        </div>
      )}
    </fieldset>
  );
}
