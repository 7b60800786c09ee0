/**
 * A multi-language cell: the text in the current language; rich text (`html`) as a reader
 * sees it, by its own chunk (grid/renderers/richText.tsx, which also sets the copy text).
 * A text from another language (none in this one) is marked as that language's: its code as
 * a tag, muted, the tooltip says so. A copy takes the language's own text
 * (core/columnTypes/multi.ts `format`), never another language's.
 */
import { pickText } from '../../../core/multiText.ts';
import { fallbackCell, lazyCell } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';

/** Loads the rich-text chunk (its first cell does); its copy text joins the multi display. */
export const loadRichText = () => import('../../grid/renderers/richText.tsx').then((m) => ((multiDisplay.text = m.copyText), m));
const richText = lazyCell(loadRichText);

export const multiDisplay: CellRenderer = {
  render: (a) => {
    // One pick per cell (ctx.multi is the same rule, without the language it found).
    const pick = pickText(a.value, a.ctx.lang);
    const shown = a.col.meta.html ? richText(a) : (pick?.text ?? '');
    return pick && pick.lang !== a.ctx.lang ? fallbackCell(a.ctx, pick.lang, shown) : shown;
  },
};
