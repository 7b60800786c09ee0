/**
 * Spec §2's form input "tag": tags as chips before a text input. Enter or a comma adds
 * the typed tag (a pasted 'a, b' adds both), × or Backspace in the empty text removes
 * one, a tag already there (in any letter case) is not added again, and the stored text
 * (tags joined by ', ', see grid/editors/tags.ts) never grows past the column's
 * maxLength. Leaving the input adds what was typed, so Save never loses it.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { tagList } from '../../core/format.ts';
import type { Message } from '../../core/validation/messages.ts';
import { TAG_SEPARATOR } from '../grid/editors/tags.ts';
import { useT } from '../i18n/useT.ts';
import { addTags } from './formModel.ts';

export interface TagInputProps {
  id: string;
  /** The tags as stored: joined by ', ' ('' = none). */
  value: string;
  onChange(next: string): void;
  onBlur(): void;
  maxLength: number | undefined;
  disabled: boolean;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

export function TagInput({ id, value, onChange, onBlur, maxLength, disabled, required, invalid, describedBy }: TagInputProps) {
  const t = useT();
  const tags = tagList(value);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<Message | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const noteId = `${id}-note`;

  /** Adds the typed text; what could not be added stays in the text. */
  const commit = (typed: string, rest = '') => {
    const r = addTags(tags, typed, maxLength);
    setNote(r.note ?? null);
    if (r.tags.length !== tags.length) onChange(r.tags.join(TAG_SEPARATOR));
    setDraft(r.left && rest ? `${r.left}${TAG_SEPARATOR}${rest}` : r.left || rest);
  };
  const remove = (i: number) => {
    setNote(null);
    onChange(tags.filter((_, j) => j !== i).join(TAG_SEPARATOR));
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' && draft.trim()) || e.key === ',') {
      e.preventDefault(); // not the form's submit
      commit(draft);
    } else if (e.key === 'Backspace' && draft === '' && tags.length) {
      e.preventDefault();
      remove(tags.length - 1);
    }
  };

  const noteText = note && t(note.id, note.values);
  const described = [describedBy, noteText && noteId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`tag-input${disabled ? ' tag-input-disabled' : ''}`} onClick={(e) => e.target === e.currentTarget && input.current?.focus()}>
      {tags.length > 0 && (
        <ul className="tag-chips" aria-label={t('forms.tags')}>
          {tags.map((tag, i) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button type="button" className="tag-chip-remove" aria-label={t('forms.tag_remove', { tag })} disabled={disabled} onClick={() => remove(i)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="text"
        autoComplete="off"
        value={draft}
        disabled={disabled}
        placeholder={tags.length ? undefined : t('forms.tag_placeholder')}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        onChange={(e) => {
          const text = e.target.value;
          setNote(null);
          // A pasted or typed comma adds what precedes it.
          const cut = text.lastIndexOf(',');
          if (cut >= 0) commit(text.slice(0, cut), text.slice(cut + 1).trimStart());
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft.trim()) commit(draft);
          onBlur();
        }}
      />
      {noteText && (
        <div id={noteId} className="tag-note" aria-live="polite">
          {noteText}
        </div>
      )}
    </div>
  );
}
