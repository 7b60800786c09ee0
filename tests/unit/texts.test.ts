/**
 * The shared text rules of issue 24: a caption's ICU shape against the original
 * (core/icuShape.ts, also codegen's catalogue rule) and rich text as print paragraphs
 * (core/htmlText.ts htmlParagraphs).
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { htmlParagraphs } from '../../src/core/htmlText.ts';
import { captionProblem } from '../../src/core/icuShape.ts';

const check = (lang: string, text: string, original: string) => captionProblem((t) => parse(t), lang, text, original);

describe('captionProblem', () => {
  it('accepts a text with the placeholders, tags and options of the original, in any order and grammar', () => {
    expect(check('de', 'Liste {number} erstellt', 'Pick list {number} created')).toBeNull();
    expect(check('de', '<b>{name}</b> und {count, plural, one {# Zeile} other {# Zeilen}}', '{count, plural, one {# row} other {# rows}} of <b>{name}</b>')).toBeNull();
    // A plural the language needs without showing its number is grammar, not a placeholder.
    expect(check('hu', 'Sorok', '{count, plural, one {Row} other {Rows}}')).toBeNull();
    expect(check('cs', '{n, plural, one {# řádek} few {# řádky} many {# řádku} other {# řádků}}', '{n, plural, one {# row} other {# rows}}')).toBeNull();
  });

  it('refuses a syntax error, a missing, renamed or extra placeholder, a lost tag and a foreign plural category', () => {
    expect(check('de', 'Liste {number', 'Pick list {number} created')).toEqual({ id: 'validation.icu_syntax' });
    expect(check('de', 'Liste erstellt', 'Pick list {number} created')).toEqual({ id: 'validation.icu_shape', values: { expected: '{number}', got: '–' } });
    expect(check('de', 'Liste {nummer}', 'Pick list {number} created')).toEqual({ id: 'validation.icu_shape', values: { expected: '{number}', got: '{nummer}' } });
    expect(check('de', '{number} {extra}', 'Pick list {number} created')).toMatchObject({ values: { got: '{extra} {number}' } });
    expect(check('de', 'fett {name}', '<b>{name}</b>')).toEqual({ id: 'validation.icu_shape', values: { expected: '<b>', got: '–' } });
    expect(check('bg', '{n, plural, one {# ред} few {# реда} other {# реда}}', '{n, plural, one {# row} other {# rows}}')).toMatchObject({ id: 'validation.icu_shape', values: { got: 'few' } });
  });
});

describe('htmlParagraphs', () => {
  it('reads rich text as paragraphs of plain text: blocks and breaks split, inline tags vanish, list items marked, entities decoded', () => {
    expect(htmlParagraphs('<p>Check every <strong>box</strong>.</p><p>Line one<br>Line two</p><ul><li>Sign &amp; date</li><li></li></ul><script>alert(1)</script>')).toEqual([
      'Check every box.',
      'Line one',
      'Line two',
      '• Sign & date',
    ]);
    expect(htmlParagraphs('')).toEqual([]);
    expect(htmlParagraphs('plain text')).toEqual(['plain text']);
  });
});
