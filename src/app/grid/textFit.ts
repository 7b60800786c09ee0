/**
 * Whether a cell's plain text surely fits its column. A cell that may overflow clips
 * (overflow: clip, for the ellipsis), and each clip is a node of its own in Chromium's
 * paint property trees: with ~350 cells in view, paint and layerize took a third of a
 * scrolled frame. A cell whose text fits goes without the clip — the same pixels, fewer
 * nodes. Unsure (no canvas, a width unknown) means it clips, as before.
 */

export interface TextFit {
  /** True when `text` in the cells' font takes at most `contentPx` (with a margin). */
  fits(text: string, contentPx: number): boolean;
}

/** What rows read: the grid sets it once it knows its font (after its first commit). */
export interface FitHolder {
  fit: TextFit | null;
  /** The cells' horizontal padding on each side (px). */
  pad: number;
}

/**
 * Canvas text has no font-variant-numeric (tabular digits are wider than some
 * proportional ones) and may round differently from layout: a relative margin and a
 * few pixels keep "fits" on the safe side.
 */
const MARGIN = 1.08;
const SLACK_PX = 2;
const CACHE_MAX = 4096;

/** Below this code point (Latin, Greek, Cyrillic): a width is the sum of its characters'. */
const SIMPLE = 0x0590;

/**
 * `measure` takes a string's width in the cells' font. Text of simple scripts (all the
 * product's languages) is summed from per-character widths, each measured once: a few
 * array reads a character instead of a canvas call a cell (~0.8 ms a scrolled frame on a
 * slow machine). The sum ignores kerning, which mostly narrows: it errs towards "clip".
 * Other text is measured whole (shaping), its widths cached.
 */
export function textFit(measure: (text: string) => number): TextFit {
  const advance = new Float64Array(SIMPLE).fill(-1);
  const cache = new Map<string, number>();
  const width = (text: string): number => {
    let w = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= SIMPLE) {
        let whole = cache.get(text);
        if (whole === undefined) {
          if (cache.size >= CACHE_MAX) cache.clear();
          whole = measure(text);
          cache.set(text, whole);
        }
        return whole;
      }
      let a = advance[c]!;
      if (a < 0) a = advance[c] = measure(text[i]!);
      w += a;
    }
    return w;
  };
  return {
    fits(text, contentPx) {
      // Longer than any cell could hold at a pixel a character: no need to measure.
      if (!(contentPx > 0) || text.length > contentPx) return false;
      return width(text) * MARGIN + SLACK_PX <= contentPx;
    },
  };
}

/** Measures text in `el`'s font with a 2D canvas; null where there is none (jsdom, old engines). */
export function fitFor(el: Element): FitHolder {
  const cs = getComputedStyle(el);
  const pad = parseFloat(cs.getPropertyValue('--grid-cell-pad')) || 0;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = document.createElement('canvas').getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return { fit: null, pad };
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const c = ctx;
  return { fit: textFit((t) => c.measureText(t).width), pad };
}
