/**
 * The grid's geometry, one copy for the browser's grid (app/grid/layout.ts, columnState.ts,
 * table/gridTable.ts) and the server's first paint of a screen (server/http/firstPaint.ts),
 * which draws the same columns and rows before the grid's code is in.
 */

/** Geometry of the themes (the CSS reads it through custom properties set from here). */
export const THEMES = {
  balham: { rowHeight: 28, headerHeight: 32, filterHeight: 30 },
  alpine: { rowHeight: 42, headerHeight: 48, filterHeight: 40 },
} as const;
export type ThemeName = keyof typeof THEMES;

/** A touch target's least size (WCAG 2.5.5): rows, headers, filters and the checkbox column on a touch screen. */
export const TOUCH_MIN = 44;
/** The checkbox column's width on a fine pointer (on a touch screen TOUCH_MIN). */
export const SELECT_WIDTH_FINE = 36;
/** A column without a descriptor width: flexible from this minimum. */
export const FLEX_MIN = 100;
/** A pinned column without a descriptor width. */
export const PINNED_DEFAULT = 150;
/** Bounds of a column's width (a saved width outside them is cut to them). */
export const MIN_WIDTH = 40;
export const MAX_WIDTH = 2000;
