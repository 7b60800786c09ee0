/**
 * Dates as the UI language writes them (issue 43): one function (core/format.ts `formatDay`)
 * shows a day in the grid, on the kanban's cards and in printed documents, in all seven
 * languages; what it writes reads back to the same day (and date-time), beside yyyy-MM-dd.
 */
import * as fc from 'fast-check';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, isoDate, parseDateInput, parseDateTimeInput } from '../../src/core/format.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { createFormatters } from '../../src/app/grid/format.ts';
import { cardText } from '../../src/app/pages/workflow/cardText.ts';
import { parseScreen } from '../../schemas/screen.ts';
import purchaseOrders from '../../screens/purchasing/purchase_orders.ts';

/** Spaces as the test reads them (Intl writes no-break spaces in some languages). */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDay: a day as each UI language writes it', () => {
  it('writes 5 March 2026 the way of each language, in digits', () => {
    const shown = Object.fromEntries(LANGS.map((l) => [l, plain(formatDay('2026-03-05', LOCALE[l]))]));
    expect(shown).toEqual({ en: '2026-03-05', de: '05.03.2026', hu: '2026. 03. 05.', sk: '05. 03. 2026', ro: '05.03.2026', cs: '05. 03. 2026', bg: '05.03.2026 г.' });
  });

  it('shows a timestamp as its local day, empty as nothing and unreadable text as it is', () => {
    expect(formatDay(new Date(2024, 11, 31, 23, 30), 'de-DE')).toBe('31.12.2024');
    expect(formatDay(null, 'de-DE')).toBe('');
    expect(formatDay('soon', 'de-DE')).toBe('soon');
    expect(formatDay('2026-02-30', 'de-DE')).toBe('2026-02-30');
  });

  it.each(LANGS)('reads back every day it writes, and yyyy-MM-dd (%s)', (lang) => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }), (d) => {
        const iso = isoDate(d);
        expect(parseDateInput(formatDay(iso, LOCALE[lang]))).toBe(iso);
        expect(parseDateInput(iso)).toBe(iso);
      }),
      { numRuns: 300 },
    );
  });

  it.each(LANGS)('writes a date-time as the day and HH:mm that read back to the same minute (%s)', (lang) => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 11, 31), noInvalidDate: true }), (d) => {
        const text = formatDayTime(d, LOCALE[lang]);
        expect(text).toMatch(/ \d{2}:\d{2}$/);
        const back = parseDateTimeInput(text);
        expect(back).not.toBeNull();
        // Read back, it is the same minute on the clock (a repeated hour at a clock change may pick the other instant).
        expect(formatDayTime(back, LOCALE[lang])).toBe(text);
      }),
      { numRuns: 300 },
    );
    expect(plain(formatDayTime('2026-03-05T14:30:00Z', LOCALE[lang], 'UTC'))).toBe(`${plain(formatDay('2026-03-05', LOCALE[lang]))} 14:30`);
  });
});

describe('one date format in the grid, on the kanban and in print', () => {
  it.each(LANGS)('the grid and the kanban card show the day as formatDay does (%s)', (lang) => {
    const intl = createIntl({ locale: LOCALE[lang], messages: { 'grid.unit_kg': 'kg', 'grid.unit_m3': 'm³' } });
    const fmt = createFormatters(intl);
    expect(fmt.date('2027-06-11')).toBe(formatDay('2027-06-11', LOCALE[lang]));
    // Every language but English (the spec's yyyy-MM-dd) writes the day its own way.
    if (lang !== 'en') expect(fmt.date('2027-06-11')).not.toBe('2027-06-11');
    const screen = parseScreen(purchaseOrders, 'screens/purchasing/purchase_orders.ts');
    expect(cardText(screen, 'eta', { eta: '2027-06-11' }, intl, lang)).toBe(formatDay('2027-06-11', LOCALE[lang]));
  });
});
