/**
 * The column types (src/core/columnTypes/): for each type and each of the seven languages,
 * what `format` writes `parse` reads back as the same value (where the type keeps all of
 * it: numbers to the digits they show, date-times to the minute), and the grid's cells,
 * copy and paste, the server's first paint and the import read and write values with these
 * same functions.
 */
import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from '../../schemas/screen.ts';
import { columnOrder } from '../../src/core/columnTypes/order.ts';
import { columnTypes } from '../../src/core/columnTypes/index.ts';
import { shownNumber, typingFor } from '../../src/core/columnTypes/money.ts';
import type { MoneyTyping, TypeCtx } from '../../src/core/columnTypes/types.ts';
import { columnRules, validate } from '../../src/core/columnTypes/validate.ts';
import { columnTypes as typesList, type ColumnType } from '../../src/core/descriptor.ts';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { kindOf } from '../../src/core/query/kinds.ts';
import { defaultEditor } from '../../src/core/registryKeys.ts';
import { columnSchema } from '../../src/core/validation/columns.ts';
import { createFormatters } from '../../src/app/grid/format.ts';
import { renderers } from '../../src/app/grid/renderers/index.tsx';
import { cellHtml, escapeHtml, type PaintCtx } from '../../src/server/http/firstPaintCells.ts';
import { importCell } from '../../src/server/transfer/cells.ts';

const catalogue = (lang: Lang) => ({
  ...(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>),
});
const ctxOf = (lang: Lang, extra: Partial<TypeCtx> = {}): TypeCtx => {
  const cat = catalogue(lang);
  return { lang, t: (id) => cat[id] ?? id, ...extra };
};
const runs = { numRuns: 150, seed: 4501 };

/** Reads back what the type wrote, in `ctx`. */
const roundTrip = (type: ColumnType, v: unknown, ctx: TypeCtx) => columnTypes[type].parse(columnTypes[type].format(v, ctx), ctx);

const amount = (digits: number) => fc.integer({ min: -(10 ** 11), max: 10 ** 11 }).map((n) => n / 10 ** digits || 0);
const day = fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
/** An instant at a whole minute (a date-time shows no seconds). */
const minute = fc.integer({ min: Date.UTC(1971, 0, 1) / 60_000, max: Date.UTC(2199, 0, 1) / 60_000 }).map((m) => new Date(m * 60_000).toISOString());
const word = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== '');

describe('parse(format(v)) is v, in every language', () => {
  it('every column type has a module, and the record lists them all', () => {
    expect(Object.keys(columnTypes).sort()).toEqual([...typesList].sort());
    expect(Object.keys(columnRules).sort()).toEqual([...typesList].sort());
    for (const t of typesList) expect(columnTypes[t].type).toBe(t);
  });

  describe.each(LANGS)('%s', (lang) => {
    const ctx = ctxOf(lang);
    const ok = (type: ColumnType, v: unknown, c: TypeCtx = ctx): void => {
      expect(roundTrip(type, v, c), `${type} ${JSON.stringify(v)} → ${columnTypes[type].format(v, c)}`).toEqual({ ok: true, value: v });
    };

    it('int', () =>
      fc.assert(
        fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (v) => ok('int', v || 0)),
        runs,
      ));
    it('an identifier int (digits only)', () =>
      fc.assert(
        fc.property(fc.nat(), (v) => ok('int', v, { ...ctx, identifier: true })),
        runs,
      ));
    it('number (up to 3 decimals)', () =>
      fc.assert(
        fc.property(amount(3), (v) => ok('number', v)),
        runs,
      ));
    it('money without a currency (2 decimals)', () =>
      fc.assert(
        fc.property(amount(2), (v) => ok('money', v)),
        runs,
      ));

    it('money in its own currency, with the currency written', () => {
      for (const [currency, digits] of [
        ['EUR', 2],
        ['HUF', 2],
        ['BGN', 2],
        ['CZK', 2],
        ['JPY', 0],
      ] as const) {
        const money = typingFor(currency, currency, { [currency]: 1 }, () => digits)!;
        fc.assert(
          fc.property(amount(digits), (v) => ok('money', v, { ...ctx, money })),
          runs,
        );
      }
    });

    it('money shown in another currency reads back as the amount that shows so', () => {
      const money: MoneyTyping = typingFor('EUR', 'HUF', { EUR: 1, HUF: 1 / 395.17 }, () => 2)!;
      const c = { ...ctx, money };
      fc.assert(
        fc.property(amount(2), (v) => {
          const back = roundTrip('money', v, c);
          expect(back.ok).toBe(true);
          const stored = (back as { value: number }).value;
          // What was shown is shown again, and the amount stored is the one nearest the typed one.
          expect(columnTypes.money.format(stored, c)).toBe(columnTypes.money.format(v, c));
          expect(shownNumber(stored, money)).toBe(shownNumber(v, money));
        }),
        runs,
      );
    });

    it('bool', () => {
      ok('bool', true);
      ok('bool', false);
    });
    it('date', () =>
      fc.assert(
        fc.property(day, (v) => ok('date', v)),
        runs,
      ));
    it('datetime (to the minute, in the local zone)', () =>
      fc.assert(
        fc.property(minute, (v) => {
          // An hour a clock change repeats reads as either instant: those are left out.
          const at = Date.parse(v);
          const offset = (ms: number) => new Date(ms).getTimezoneOffset();
          fc.pre(offset(at - 7_200_000) === offset(at) && offset(at + 7_200_000) === offset(at));
          ok('datetime', v);
        }),
        runs,
      ));
    it('text', () =>
      fc.assert(
        fc.property(fc.string({ minLength: 1 }), (v) => ok('text', v)),
        runs,
      ));
    it('multi: the language typed, merged into the other languages', () =>
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...LANGS), fc.string()), word, (others, mine) => {
          const v = { ...others, [lang]: mine };
          ok('multi', v, { ...ctx, current: v });
        }),
        runs,
      ));
    it('json (objects, arrays, numbers, booleans)', () =>
      fc.assert(
        fc.property(
          fc.jsonValue().filter((j) => typeof j !== 'string' && j !== null),
          (j) => ok('json', JSON.parse(JSON.stringify(j)) as unknown),
        ),
        runs,
      ));
    it('ref (a key)', () =>
      fc.assert(
        fc.property(word, (v) => ok('ref', v)),
        runs,
      ));

    it('validate takes back what parse read, as the column schema does', () => {
      const col = { required: false };
      for (const [type, v] of [
        ['int', 12],
        ['number', 1.5],
        ['money', 3.25],
        ['bool', true],
        ['date', '2026-03-05'],
        ['text', 'Nordvik'],
        ['json', { a: 1 }],
        ['json', [1, 'x']],
      ] as const) {
        expect(validate(type, v, col), type).toEqual({ ok: true, value: v });
        expect(columnTypes[type].parse(columnTypes[type].format(v, ctx), { ...ctx, current: v }), type).toEqual({ ok: true, value: v });
      }
      // The same rules the column schema (server and forms) applies.
      expect(validate('int', 1.5, col)).toEqual({ ok: false, message: 'validation.type_integer' });
      expect(validate('int', 20, { required: true, max: 10 })).toEqual({ ok: false, message: 'validation.max?max=10' });
      expect(validate('text', ' ', { required: true })).toEqual({ ok: false, message: 'validation.required' });
      expect(columnSchema({ required: true, max: 10 }, 'int')).toBeTruthy();
    });
  });
});

describe('compare: the order the queries sort by', () => {
  it.each(LANGS)('%s: numbers by value, days and instants in time, texts in the language’s collation, no value last', (lang) => {
    const sorted = (type: ColumnType, values: unknown[]) => [...values].sort((a, b) => columnOrder[type](a, b, lang));
    fc.assert(
      fc.property(fc.array(fc.option(amount(3), { nil: null })), (xs) => {
        const numbers = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
        expect(sorted('number', xs)).toEqual([...numbers, ...xs.filter((x) => x === null)]);
        expect(sorted('money', xs)).toEqual(sorted('int', xs));
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.array(fc.option(day, { nil: null })), (xs) => {
        const days = xs.filter((x): x is string => x !== null).sort();
        expect(sorted('date', xs)).toEqual([...days, ...xs.filter((x) => x === null)]);
      }),
      runs,
    );
    const collator = new Intl.Collator(LOCALE[lang]);
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: null })), (xs) => {
        const out = sorted('text', xs) as (string | null)[];
        for (let i = 1; i < out.length; i++) {
          const [a, b] = [out[i - 1], out[i]];
          if (b !== null && b !== undefined) expect(a !== null && a !== undefined && collator.compare(a, b) <= 0).toBe(true);
        }
      }),
      runs,
    );
    expect(sorted('bool', [true, null, false])).toEqual([false, true, null]);
    // A multi-language text by the language's own text: one with none sorts as no value.
    expect(sorted('multi', [{ [lang]: 'b' }, null, { [lang]: 'a' }, { xx: 'a' }])).toEqual([{ [lang]: 'a' }, { [lang]: 'b' }, null, { xx: 'a' }]);
  });
});

describe('one set of functions for every side', () => {
  it('the query kinds and the default editors are the types’ own', () => {
    for (const t of typesList) {
      expect(defaultEditor(t)).toBe(columnTypes[t].editor);
      if (t !== 'ref') expect(kindOf(t)).toBe(columnTypes[t].kind);
    }
  });

  describe.each(LANGS)('%s', (lang) => {
    const cat = catalogue(lang);
    const intl = createIntl({ locale: LOCALE[lang], messages: cat });
    const ctx = ctxOf(lang);
    const paint: PaintCtx = { lang, intl, money: { view: 'HUF', company: 'EUR', rates: { EUR: 1, HUF: 1 / 395.17 }, digits: (c) => (c === 'JPY' ? 0 : 2) }, lookup: () => undefined };
    const col = (type: ColumnType, more: Partial<ColumnMeta> = {}) => ({ type, editable: true, required: false, html: false, ...more }) as ColumnMeta;
    const fmt = createFormatters(createIntl({ locale: LOCALE[lang], messages: cat }) as never);

    it('the first paint and the grid’s formats write what the type’s format writes', () =>
      fc.assert(
        fc.property(amount(3), day, fc.boolean(), (n, d, b) => {
          const int = Math.round(n);
          expect(cellHtml(col('int'), 'int', int, {}, paint, false)).toBe(escapeHtml(columnTypes.int.format(int, ctx)));
          expect(cellHtml(col('number'), 'number', n, {}, paint, false)).toBe(escapeHtml(columnTypes.number.format(n, ctx)));
          expect(cellHtml(col('date'), 'date', d, {}, paint, false)).toBe(escapeHtml(columnTypes.date.format(d, ctx)));
          expect(cellHtml(col('bool'), 'bool', b, {}, paint, false)).toBe(escapeHtml(columnTypes.bool.format(b, ctx)));
          const money = typingFor('EUR', 'HUF', paint.money.rates, paint.money.digits);
          expect(cellHtml(col('money'), 'money', n, {}, paint, false)).toBe(escapeHtml(columnTypes.money.format(n, { ...ctx, money })));
          expect(fmt.int(int)).toBe(columnTypes.int.format(int, ctx));
          expect(fmt.number(n)).toBe(columnTypes.number.format(n, ctx));
          expect(fmt.money(n)).toBe(columnTypes.money.format(n, ctx));
          expect(fmt.date(d)).toBe(columnTypes.date.format(d, ctx));
          expect(renderers.bool.render({ value: b, row: {}, col: {} as never, ctx: { ...ctx, fmt } as never, canEdit: false })).toBe(columnTypes.bool.format(b, ctx));
        }),
        runs,
      ));

    it('the import reads a cell’s text as the type’s parse does', () =>
      fc.assert(
        fc.property(amount(3), day, (n, d) => {
          const num = columnTypes.number.format(n, ctx);
          expect(importCell(col('number'), 'number', num, lang)).toEqual(columnTypes.number.parse(num, ctx));
          const shownDay = columnTypes.date.format(d, ctx);
          expect(importCell(col('date'), 'date', shownDay, lang)).toEqual(columnTypes.date.parse(shownDay, ctx));
          for (const b of [true, false]) {
            const w = columnTypes.bool.format(b, ctx);
            expect(importCell(col('bool'), 'bool', w, lang)).toEqual({ ok: true, value: b });
          }
        }),
        runs,
      ));
  });
});
