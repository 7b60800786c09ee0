import { describe, expect, it } from 'vitest';
import { editKeyAction, textArrows, type EditKey } from '../../src/app/grid/editors/editKeys.ts';

const k = (key: string, mods: Partial<EditKey> = {}): EditKey => ({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('keys that finish a cell edit (the spreadsheet rule)', () => {
  it('Enter commits and moves down, Shift+Enter up; Tab across; Esc cancels — in every editor', () => {
    for (const rule of ['typed', 'opened', 'own'] as const) {
      expect(editKeyAction(k('Enter'), rule)).toEqual({ commit: 'down' });
      expect(editKeyAction(k('Enter', { shiftKey: true }), rule)).toEqual({ commit: 'up' });
      expect(editKeyAction(k('Tab'), rule)).toEqual({ commit: 'next' });
      expect(editKeyAction(k('Tab', { shiftKey: true }), rule)).toEqual({ commit: 'prev' });
      expect(editKeyAction(k('Escape'), rule)).toBe('cancel');
      expect(editKeyAction(k('a'), rule)).toBeNull();
    }
  });

  it('typed into: every arrow commits and moves that way', () => {
    expect(editKeyAction(k('ArrowDown'), 'typed')).toEqual({ commit: 'down' });
    expect(editKeyAction(k('ArrowUp'), 'typed')).toEqual({ commit: 'up' });
    expect(editKeyAction(k('ArrowRight'), 'typed')).toEqual({ commit: 'right' });
    expect(editKeyAction(k('ArrowLeft'), 'typed')).toEqual({ commit: 'left' });
  });

  it('opened with F2, Enter or a double click: Left/Right move the caret, Up/Down commit and move', () => {
    expect(editKeyAction(k('ArrowLeft'), 'opened')).toBeNull();
    expect(editKeyAction(k('ArrowRight'), 'opened')).toBeNull();
    expect(editKeyAction(k('ArrowDown'), 'opened')).toEqual({ commit: 'down' });
    expect(editKeyAction(k('ArrowUp'), 'opened')).toEqual({ commit: 'up' });
  });

  it('selects, calendars, JSON and lookups keep their arrows; arrows with a modifier stay in any editor', () => {
    for (const a of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']) {
      expect(editKeyAction(k(a), 'own')).toBeNull();
      for (const mod of ['shiftKey', 'ctrlKey', 'altKey', 'metaKey'] as const) expect(editKeyAction(k(a, { [mod]: true }), 'typed')).toBeNull();
    }
  });

  it('a text editor is typed into when it starts with a typed text (Backspace types nothing)', () => {
    expect(textArrows('x')).toBe('typed');
    expect(textArrows('')).toBe('typed');
    expect(textArrows(undefined)).toBe('opened');
  });
});
