import { describe, expect, it } from 'vitest';
import { fitFromStyle, textFit } from '../../src/app/grid/body/textFit.ts';

/** A font where 'W' is 12 px, other simple characters 7 px, and other scripts 20 px a character when shaped. */
function fakeFont() {
  const calls: string[] = [];
  const measure = (t: string) => {
    calls.push(t);
    let w = 0;
    for (const ch of t) w += ch.charCodeAt(0) >= 0x0590 ? 20 : ch === 'W' ? 12 : 7;
    return w;
  };
  return { calls, fit: textFit(measure) };
}

describe('textFit: which cells may go without a clip', () => {
  it('fits with a margin: width × 1.08 + 2 px within the content width', () => {
    const { fit } = fakeFont();
    expect(fit.fits('abc', 30)).toBe(true); // 21 × 1.08 + 2 = 24.7
    expect(fit.fits('abcd', 30)).toBe(false); // 28 × 1.08 + 2 = 32.2
    expect(fit.fits('WW', 28)).toBe(true); // 24 × 1.08 + 2 = 27.92
    expect(fit.fits('WW', 27.9)).toBe(false);
    expect(fit.fits('', 2)).toBe(true);
  });

  it('is unsure (clips) without room, and without measuring when the text is longer than the pixels', () => {
    const { fit, calls } = fakeFont();
    expect(fit.fits('a', 0)).toBe(false);
    expect(fit.fits('a', -5)).toBe(false);
    expect(fit.fits('a', Number.NaN)).toBe(false);
    expect(fit.fits('x'.repeat(50), 49)).toBe(false);
    expect(calls).toEqual([]);
  });

  it('measures each simple character once (Latin, Cyrillic), and other scripts whole, cached', () => {
    const { fit, calls } = fakeFont();
    fit.fits('aab', 100);
    fit.fits('bba', 100);
    fit.fits('Шш', 100);
    expect(calls.sort()).toEqual(['a', 'b', 'Ш', 'ш'].sort());
    calls.length = 0;
    expect(fit.fits('中文', 46)).toBe(true); // 40 × 1.08 + 2 = 45.2
    expect(fit.fits('中文', 45)).toBe(false);
    expect(fit.fits('a中', 100)).toBe(true); // mixed: measured whole (20 + 7 here)
    expect(calls).toEqual(['中文', 'a中']);
  });
});

describe("fitFromStyle: the grid's holder from its computed style", () => {
  const measurer = (font: string) => (font === '13px Arial' ? (t: string) => t.length * 7 : null);

  it('reads the padding and measures in the font', () => {
    const h = fitFromStyle(' 11px', '13px Arial', measurer);
    expect(h.pad).toBe(11);
    expect(h.fit?.fits('abc', 100 - 2 * h.pad)).toBe(true);
  });

  it("is unsure (every cell clips) without the grid's stylesheet or without a measurer", () => {
    expect(fitFromStyle('', '16px serif', measurer)).toEqual({ fit: null, pad: 0 });
    expect(fitFromStyle('var(--x)', '13px Arial', measurer)).toEqual({ fit: null, pad: 0 });
    expect(fitFromStyle('11px', '16px serif', measurer)).toEqual({ fit: null, pad: 11 });
  });
});
