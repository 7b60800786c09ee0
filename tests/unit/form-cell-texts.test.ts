/**
 * Issue 19 (points 6, 14, 16): the pure rules behind what forms and cells say — a
 * multi-language fallback marked and never copied as the UI language's text, form
 * drop-downs in the grid filters' text order, person-written dialog titles, a pattern's
 * allowed characters named, the VAT rate first.
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import brands from '../../screens/products/brands.ts';
import vatsBrief from '../../screens/lookups/vats_brief.ts';
import countriesBrief from '../../screens/lookups/countries_brief.ts';
import { choices, formFields, formTitle, rowName } from '../../src/app/forms/formModel.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { cellText } from '../../src/app/grid/cellText.ts';
import { vatParts } from '../../src/core/vatParts.ts';
import type { CellCtx } from '../../src/app/grid/types.ts';
import { languageNameIn, ownText, pickText } from '../../src/core/multiText.ts';
import { PARSE_CONFIG, columnSchema } from '../../src/core/validation/columns.ts';
import { englishText, issuesByPath } from '../../src/core/validation/messages.ts';

/** All text in a rendered tree, in order. */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/** The first element of a tree with a class. */
function byClass(node: ReactNode, cls: string): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) return node.map((n) => byClass(n, cls)).find(Boolean);
  if (!isValidElement(node)) return undefined;
  const props = node.props as { className?: string; children?: ReactNode };
  if (props.className?.split(' ').includes(cls)) return node as ReactElement<Record<string, unknown>>;
  return byClass(props.children, cls);
}

describe('a multi-language text shown in another language', () => {
  it('is picked as the language, else English, else any, and says which language it is', () => {
    expect(pickText({ en: 'Hammer', de: 'Hammer DE' }, 'de')).toEqual({ text: 'Hammer DE', lang: 'de' });
    expect(pickText({ en: '', bg: 'Чук' }, 'en')).toEqual({ text: 'Чук', lang: 'bg' });
    expect(pickText({ en: 'Hammer', bg: 'Чук' }, 'hu')).toEqual({ text: 'Hammer', lang: 'en' });
    expect(pickText({ en: '' }, 'en')).toBeNull();
    expect(ownText({ en: '', bg: 'Чук' }, 'en')).toBe('');
    expect(ownText({ de: 'Zange' }, 'de')).toBe('Zange');
  });

  const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));
  const name = model.byField.get('product_name')!;
  const ctx = (lang: 'en' | 'de') =>
    ({
      lang,
      t: (id: string, values?: Record<string, string>) => (values ? `${id}:${values.missing}>${values.shown}` : id),
      lookup: () => undefined,
      multi: (x: unknown) => pickText(x, lang)?.text ?? '',
    }) as unknown as CellCtx;

  it('is marked in the cell: the language tag, the text in that language, a tooltip naming both', () => {
    const value = { en: '', bg: 'Чук' };
    const cell = name.renderer.render({ value, row: {}, col: name, ctx: ctx('en'), canEdit: true });
    const mark = byClass(cell, 'cell-fallback');
    expect(mark).toBeDefined();
    expect(mark!.props.title).toBe('grid.fallback_text:English>Bulgarian');
    expect(textOf(byClass(cell, 'cell-lang-tag'))).toBe('BG');
    expect(byClass(cell, 'cell-fallback-text')!.props.lang).toBe('bg');
    expect(textOf(cell)).toBe('BGЧук');
  });

  it('is not marked when the language has its own text', () => {
    const cell = name.renderer.render({ value: { en: 'Hammer', bg: 'Чук' }, row: {}, col: name, ctx: ctx('en'), canEdit: true });
    expect(cell).toBe('Hammer');
  });

  it("is not copied as the language's text (as the export writes it and filters read it)", () => {
    expect(cellText(name, { en: '', bg: 'Чук' }, {}, ctx('en'))).toBe('');
    expect(cellText(name, { en: 'Hammer', bg: 'Чук' }, {}, ctx('en'))).toBe('Hammer');
  });

  it('names languages as they read inside a sentence of the UI language', () => {
    expect(languageNameIn('bg', 'en')).toBe('Bulgarian');
    expect(languageNameIn('en', 'de')).toBe('Englisch');
    expect(languageNameIn('en', 'xx')).toBe('en');
  });
});

describe("a form's drop-downs", () => {
  const fields = formFields(parseScreen(productList, 'screens/products/product_list.ts'), 'add');
  const field = (f: string) => fields.find((x) => x.field === f)!;

  it('offer countries by their name in the UI language, not by ISO code', () => {
    const rows = [
      { country_code: 'AT', country_names: { en: 'Austria', de: 'Österreich' } },
      { country_code: 'DE', country_names: { en: 'Germany', de: 'Deutschland' } },
      { country_code: 'HU', country_names: { en: 'Hungary', de: 'Ungarn' } },
      { country_code: 'SK', country_names: { en: 'Slovakia', de: 'Slowakei' } },
      { country_code: 'CZ', country_names: { en: 'Czechia', de: 'Tschechien' } },
    ];
    const lookup = parseScreen(countriesBrief, 'screens/lookups/countries_brief.ts');
    expect(choices(field('country_of_origin'), null, rows, 'en', lookup).map((c) => c.label)).toEqual(['Austria', 'Czechia', 'Germany', 'Hungary', 'Slovakia']);
    // German collation: Ö with O, before S.
    expect(choices(field('country_of_origin'), null, rows, 'de', lookup).map((c) => c.label)).toEqual(['Deutschland', 'Österreich', 'Slowakei', 'Tschechien', 'Ungarn']);
  });

  it('offer VAT rates by their text, numbers by value', () => {
    const rows = [
      { vat_id: 1, vat_names: { en: 'Standard rate 23 %' }, vat_rate: 23 },
      { vat_id: 2, vat_names: { en: 'Reduced rate 19 %' }, vat_rate: 19 },
      { vat_id: 3, vat_names: { en: 'Reduced rate 5 %' }, vat_rate: 5 },
    ];
    expect(choices(field('vat_id'), null, rows, 'en', parseScreen(vatsBrief, 'screens/lookups/vats_brief.ts')).map((c) => c.label)).toEqual([
      'Reduced rate 5 %',
      'Reduced rate 19 %',
      'Standard rate 23 %',
    ]);
  });

  it("keep a column's own options in the descriptor's order", () => {
    const kis = field('keep_in_stock');
    expect(choices(kis, null, undefined, 'en', undefined, (o) => ['No', 'Yes', 'On order'][Number(o)]!).map((c) => c.label)).toEqual(['No', 'Yes', 'On order']);
  });
});

describe('dialog titles', () => {
  const t = (id: string, values?: Record<string, string>) => `${id}${values ? JSON.stringify(values) : ''}`;
  const product = parseScreen(productList, 'screens/products/product_list.ts');
  const brand = parseScreen(brands, 'screens/products/brands.ts');

  it("use the screen's own phrase when the catalogue has one", () => {
    const has = (id: string) => id === 'screens.product_list.new' || id === 'screens.product_list.edit';
    expect(formTitle(product, 'add', undefined, 'en', t, has)).toBe('screens.product_list.new{"item":""}');
    expect(formTitle(product, 'edit', { product_code: 'P000005' }, 'en', t, has)).toBe('screens.product_list.edit{"item":"P000005"}');
  });

  it('fall back to a general phrase naming the screen', () => {
    expect(formTitle(product, 'edit', { product_code: 'P000005' }, 'en', t, () => false)).toBe('forms.title_edit{"screen":"screens.product_list.title","item":"P000005"}');
  });

  it('name a row by its typed key, a generated key by the row name', () => {
    expect(rowName(product, { product_code: 'P000005', product_name: { en: 'Hammer' } }, 'en')).toBe('P000005');
    const named = parseScreen({ ...brands, columns: { ...brands.columns, brand_names: { type: 'multi' } } }, 'screens/products/brands.ts');
    expect(rowName(named, { brand_id: 7, brand_names: { en: 'Nordvik', de: 'Nordvik DE' } }, 'de')).toBe('Nordvik DE');
    expect(rowName(brand, { brand_id: 7 }, 'de')).toBe('7');
  });
});

describe("a pattern's allowed characters (patternHint)", () => {
  const col = parseScreen(productList, 'screens/products/product_list.ts').columns.product_code!;

  it('are named by the refusal, in the browser and in the server text', () => {
    const r = v.safeParse(columnSchema(col, 'text'), 'P 1', PARSE_CONFIG);
    expect(r.success).toBe(false);
    const m = issuesByPath(r.issues!)['']!;
    expect(m).toEqual({ id: 'validation.pattern_chars', values: { chars: 'A–Z a–z 0–9 . _ / -' } });
    expect(englishText(m)).toBe('may contain only these characters: A–Z a–z 0–9 . _ / -');
  });

  it('need a pattern beside them', () => {
    const screen = { form: 't', access: 'authenticated', source: { relation: 'app.t', key: 'id' }, columns: { id: {}, code: { patternHint: 'a–z' } } };
    expect(() => parseScreen(screen, 't')).toThrow(/patternHint: expected a pattern/);
  });
});

describe('a VAT cell', () => {
  it('shows the rate first and the name without the rate it repeats', () => {
    expect(vatParts('Standard rate 23 %', 23, 'en-GB')).toEqual({ rate: '23%', name: 'Standard rate' });
    expect(vatParts('Normalsatz 23 %', 23, 'de-DE')).toEqual({ rate: '23\u00a0%', name: 'Normalsatz' });
    expect(vatParts('Cotă redusă 5,5%', 5.5, 'ro-RO')).toEqual({ rate: '5,5\u00a0%', name: 'Cotă redusă' });
    // A name that does not repeat the rate, or carries another number, keeps it.
    expect(vatParts('Books (5 %)', 5, 'en-GB')).toEqual({ rate: '5%', name: 'Books' });
    expect(vatParts('Rate 150 %', 15, 'en-GB')).toEqual({ rate: '15%', name: 'Rate 150 %' });
    expect(vatParts('Standard', null, 'en-GB')).toEqual({ rate: '', name: 'Standard' });
  });

  it('answers a repeated cell from its memo, each locale, rate and name apart', () => {
    const first = vatParts('Reduced 5 %', 5, 'en-GB');
    expect(vatParts('Reduced 5 %', 5, 'en-GB')).toBe(first);
    expect(vatParts('Reduced 5 %', 5, 'de-DE')).toEqual({ rate: '5\u00a0%', name: 'Reduced' });
    expect(vatParts('Reduced 5 %', 7, 'en-GB')).toEqual({ rate: '7%', name: 'Reduced 5 %' });
    expect(vatParts('Reduced 5', 5, 'en-GB')).toEqual({ rate: '5%', name: 'Reduced 5' });
    // Past its bound the memo starts again, and answers as before.
    for (let i = 0; i < 1100; i++) vatParts(`Rate ${i}`, i % 30, 'en-GB');
    expect(vatParts('Reduced 5 %', 5, 'en-GB')).toEqual(first);
  });
});
