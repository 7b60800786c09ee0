/**
 * The logo (an orange tile with a white box on it) as data: the browser's `Logo`
 * (app/chrome/icons.tsx) draws it in the header and on the sign-in page, the server's first
 * paint of a screen (server/http/firstPaint.ts) writes it as markup — the same picture,
 * drawn from one copy. Attributes are named as React names them (`strokeWidth`).
 */
export interface LogoShape {
  tag: 'rect' | 'path';
  attrs: Readonly<Record<string, string | number>>;
}

export const LOGO: { size: number; viewBox: string; shapes: readonly LogoShape[] } = {
  size: 32,
  viewBox: '0 0 32 32',
  shapes: [
    { tag: 'rect', attrs: { x: 2, y: 2, width: 28, height: 28, rx: 7, fill: '#f97316' } },
    { tag: 'path', attrs: { d: 'M9 12l7-4 7 4v8l-7 4-7-4z', fill: 'none', stroke: '#fff', strokeWidth: 2, strokeLinejoin: 'round' } },
    { tag: 'path', attrs: { d: 'M9 12l7 4 7-4M16 16v8', fill: 'none', stroke: '#fff', strokeWidth: 2 } },
  ],
};
