/**
 * Spec §2's form input "language": a select of languages showing each one's flag and its
 * name in the UI language (a native select cannot show images, so this is the ARIA
 * select-only combobox: a button and a listbox below it, the focus staying on the
 * button). Closed: ArrowDown/ArrowUp, Enter, Space or Alt+ArrowDown open it; typing a
 * letter opens it at the first language starting with it. Open: arrows, Home and End
 * move, Enter or Space pick, Escape closes it without closing the dialog, Tab closes it.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FLAG_WIDTH } from '../../core/images.ts';
import type { LanguageOption } from '../grid/editors/languageOptions.ts';
import { useT } from '../i18n/useT.ts';
import { useListbox } from '../grid/editors/useListbox.ts';

export interface LanguageInputProps {
  id: string;
  value: string | null;
  options: LanguageOption[];
  onChange(code: string | null): void;
  onBlur(): void;
  disabled: boolean;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

function Flag({ src }: { src: string | null }) {
  return src ? <img className="language-flag" src={src} width={FLAG_WIDTH} alt="" loading="lazy" decoding="async" /> : <span className="language-flag" />;
}

export function LanguageInput({ id, value, options, onChange, onBlur, disabled, required, invalid, describedBy }: LanguageInputProps) {
  const t = useT();
  const listId = `${useId()}-languages`;
  // A field that may stay empty offers "(none)" first.
  const all: (LanguageOption | null)[] = required ? options : [null, ...options];
  const selected = all.findIndex((o) => (o?.code ?? null) === value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const button = useRef<HTMLButtonElement>(null);

  const show = (at: number) => {
    setActive(Math.max(0, Math.min(at, all.length - 1)));
    setOpen(true);
  };
  const pick = (i: number) => {
    const o = all[i];
    if (o !== undefined && (o?.code ?? null) !== value) onChange(o?.code ?? null);
    setOpen(false);
  };

  useListbox(open, () => setOpen(false), button, listId, active);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const key = e.key;
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        e.preventDefault();
        show(selected < 0 ? 0 : selected);
      } else if (key.length === 1 && /\p{L}/u.test(key)) {
        const at = all.findIndex((o) => o && (o.name.toLowerCase().startsWith(key.toLowerCase()) || o.code.startsWith(key.toLowerCase())));
        if (at >= 0) show(at);
      }
      return;
    }
    switch (key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((i) => Math.min(i + 1, all.length - 1));
        return;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        return;
      case 'Home':
        e.preventDefault();
        setActive(0);
        return;
      case 'End':
        e.preventDefault();
        setActive(all.length - 1);
        return;
      case 'Enter':
      case ' ':
        e.preventDefault();
        pick(active);
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (key.length === 1 && /\p{L}/u.test(key)) {
          const k = key.toLowerCase();
          const from = all.findIndex((o, i) => i > active && o?.name.toLowerCase().startsWith(k));
          const at = from >= 0 ? from : all.findIndex((o) => o?.name.toLowerCase().startsWith(k));
          if (at >= 0) setActive(at);
        }
    }
  };

  const current = selected >= 0 ? all[selected] : undefined;
  return (
    <div className="language-input">
      <button
        ref={button}
        id={id}
        type="button"
        role="combobox"
        className="language-input-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : show(selected < 0 ? 0 : selected))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
      >
        {current ? (
          <>
            <Flag src={current.flag} />
            <span className="language-name">{current.name}</span>
            <span className="language-code">{current.code}</span>
          </>
        ) : (
          <span className="language-name">{value ?? t('common.none')}</span>
        )}
        <span className="language-input-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        // A press on the list never takes the focus from the button.
        <ul id={listId} role="listbox" className="language-options" aria-label={t('common.language')} onMouseDown={(e) => e.preventDefault()}>
          {all.map((o, i) => (
            <li
              key={o?.code ?? ''}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === selected}
              className={i === active ? 'language-option language-option-active' : 'language-option'}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => pick(i)}
            >
              {o ? (
                <>
                  <Flag src={o.flag} />
                  <span className="language-name">{o.name}</span>
                  <span className="language-code">{o.code}</span>
                </>
              ) : (
                <span className="language-name">{t('common.none')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
