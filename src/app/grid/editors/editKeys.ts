/**
 * The keys that finish a cell edit and where the active cell goes then, as spreadsheets
 * (Excel, Google Sheets) do:
 *
 *   Enter / Shift+Enter   commit, move down / up
 *   Tab / Shift+Tab       commit, move right / left (wrapping rows)
 *   Esc                   cancel
 *   arrows                by the editor's rule:
 *     'typed'   a text editor opened by typing a character (Excel's Enter mode): every
 *               arrow commits and moves that way;
 *     'opened'  a text editor opened with F2, Enter or a double click (Edit mode):
 *               Left/Right move the caret, Up/Down commit and move;
 *     'own'     editors whose arrows are theirs (selects move the choice, the date
 *               editor's calendar, JSON's lines, a lookup's list): arrows stay in them.
 *   An arrow with Shift, Ctrl, Alt or Meta stays in the editor (selecting text, word moves).
 */
import type { EditMove } from '../types.ts';

export type ArrowRule = 'typed' | 'opened' | 'own';

export interface EditKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** What a key in an editor does: commit (and move), cancel, or null (the editor's own key). */
export type EditKeyAction = { commit: EditMove } | 'cancel' | null;

const ARROWS: Record<string, EditMove> = { ArrowDown: 'down', ArrowUp: 'up', ArrowRight: 'right', ArrowLeft: 'left' };

export function editKeyAction(e: EditKey, arrows: ArrowRule): EditKeyAction {
  switch (e.key) {
    case 'Enter':
      return { commit: e.shiftKey ? 'up' : 'down' };
    case 'Tab':
      return { commit: e.shiftKey ? 'prev' : 'next' };
    case 'Escape':
      return 'cancel';
  }
  const move = ARROWS[e.key];
  if (!move || arrows === 'own' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return null;
  if (arrows === 'opened' && (move === 'left' || move === 'right')) return null;
  return { commit: move };
}

/** The arrow rule of a text editor: typed into (its first character came with the edit) or opened. */
export const textArrows = (initialInput: string | undefined): ArrowRule => (initialInput !== undefined ? 'typed' : 'opened');
