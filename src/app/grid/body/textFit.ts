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

/**
 * The holder for a grid whose cells have padding `padVar` (the --grid-cell-pad value)
 * and font `font`. Unsure — the grid's stylesheet not applied (no padding variable), no
 * measurer — means no fit: every cell clips, as it would without this.
 */
export function fitFromStyle(padVar: string, font: string, measurer: (font: string) => ((text: string) => number) | null): FitHolder {
  const pad = parseFloat(padVar);
  if (!Number.isFinite(pad) || pad < 0) return { fit: null, pad: 0 };
  const measure = measurer(font);
  return { fit: measure && textFit(measure), pad };
}

/** A 2D canvas measuring in `font`; null where there is none (old engines, a blocked canvas). */
function canvasMeasurer(font: string): ((text: string) => number) | null {
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = document.createElement('canvas').getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return null;
  ctx.font = font;
  const c = ctx;
  return (t) => c.measureText(t).width;
}

/** The holder for the grid rooted at `el` (its cells inherit its font). */
export function fitFor(el: Element): FitHolder {
  const cs = getComputedStyle(el);
  return fitFromStyle(cs.getPropertyValue('--grid-cell-pad'), `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`, canvasMeasurer);
}
