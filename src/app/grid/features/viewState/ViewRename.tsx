/**
 * Renames an own view in its line of the views menu (ViewPanel.tsx): the name, Save and
 * Cancel. An empty name, or one the user gives another view of this screen (checked against
 * the list, and by the server for a name taken meanwhile), is said under the name, and what
 * was typed stays. Esc cancels the rename, not the menu.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SavedView } from '../../gridApi.ts';

interface Props {
  view: SavedView;
  t: (id: string, values?: Record<string, string | number>) => string;
  /** The user gives another own view of this screen this name. */
  taken(name: string): boolean;
  /** Saves the name; answers what to say under it when the server refused it. */
  save(name: string): Promise<string | undefined>;
  cancel(): void;
}

export function ViewRename({ view, t, taken, save, cancel }: Props) {
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();

  // The menu closes on Esc (a capturing listener on the document): the window's capture runs first.
  useEffect(() => {
    const esc = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !form.current?.contains(e.target as Node)) return;
      e.stopPropagation();
      e.preventDefault();
      cancel();
    };
    addEventListener('keydown', esc, true);
    return () => removeEventListener('keydown', esc, true);
  }, [cancel]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return setError(t('grid.view_name_required'));
    if (n === view.name) return cancel();
    if (taken(n)) return setError(t('grid.view_name_taken', { name: n }));
    setBusy(true);
    try {
      setError(await save(n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="grid-view-rename-form" onSubmit={(e) => void submit(e)}>
      <input
        className="grid-view-rename-name"
        autoFocus
        value={name}
        maxLength={100}
        aria-label={t('grid.view_name')}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={(e) => e.target.select()}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="grid-view-rename-save" disabled={busy}>
        {t('common.save')}
      </button>
      <button type="button" className="grid-view-rename-cancel" onClick={cancel}>
        {t('common.cancel')}
      </button>
      {error && (
        <p id={errorId} className="grid-form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
