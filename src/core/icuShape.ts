/**
 * The shape of an ICU message (its placeholders, select options, plurals and tags) and the
 * rule a translation of it keeps: English's placeholders (a plural or select may be used or
 * not, as the language's grammar needs), its select options and tags; each plural has
 * `other` and only the language's CLDR categories (plus exact `=n`). One rule for codegen's
 * catalogue check and for the captions an administrator writes (server and form).
 * The parser is passed in: the browser's bundle has no parser of its own (core/catalogue.ts compiles the catalogues it gets).
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type IcuParse = (text: string) => MessageFormatElement[];

/** What a message's shape is made of: its argument names, each plural/select's options, its tags. */
export interface Shape {
  /** Arguments whose value is shown (a plural's or select's selector alone is grammar, not text). */
  args: Set<string>;
  selectors: Set<string>;
  /** `name:select` → options; plural options are checked per language (CLDR categories). */
  options: Map<string, Set<string>>;
  plurals: Map<string, Set<string>>;
  tags: Set<string>;
}

export function shapeOf(ast: MessageFormatElement[], shape: Shape = { args: new Set(), selectors: new Set(), options: new Map(), plurals: new Map(), tags: new Set() }): Shape {
  for (const el of ast) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      shape.tags.add(el.value);
      shapeOf(el.children, shape);
      continue;
    }
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      shape.selectors.add(el.value);
      const opts = new Set(Object.keys(el.options));
      (el.type === TYPE.select ? shape.options : shape.plurals).set(el.value, opts);
      for (const o of Object.values(el.options)) shapeOf(o.value, shape);
      // A plural that says its number (#) shows the argument.
      if (el.type === TYPE.plural && Object.values(el.options).some((o) => hasPound(o.value))) shape.args.add(el.value);
    } else shape.args.add(el.value);
  }
  return shape;
}

const hasPound = (ast: MessageFormatElement[]): boolean => ast.some((el) => el.type === TYPE.pound || (el.type === TYPE.tag && hasPound(el.children)));
const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
export const shapeList = (a: Iterable<string>) => [...a].sort().join(', ') || 'none';

/** One way a translation breaks its original's shape; `expected`/`got` as a reader sees them ("{count}, <b>"). */
export type ShapeProblem =
  | { kind: 'placeholders'; expected: string; got: string }
  | { kind: 'tags'; expected: string; got: string }
  | { kind: 'select'; name: string; expected: string; got: string }
  | { kind: 'plural_other'; name: string }
  | { kind: 'plural_categories'; name: string; expected: string; got: string };

const braces = (xs: Set<string>) => [...xs].sort().map((x) => `{${x}}`);
const tags = (xs: Set<string>) => [...xs].sort().map((x) => `<${x}>`);

/** How `text` (in `lang`) breaks the shape of `original`; [] when it keeps it. Both must parse. */
export function shapeProblems(lang: string, text: MessageFormatElement[], original: MessageFormatElement[]): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  const a = shapeOf(text);
  const e = shapeOf(original);
  if (!same(a.args, e.args)) out.push({ kind: 'placeholders', expected: braces(e.args).join(' ') || '–', got: braces(a.args).join(' ') || '–' });
  if (!same(a.tags, e.tags)) out.push({ kind: 'tags', expected: tags(e.tags).join(' ') || '–', got: tags(a.tags).join(' ') || '–' });
  for (const [name, opts] of e.options) {
    const got = a.options.get(name);
    if (got && !same(got, opts)) out.push({ kind: 'select', name, expected: shapeList(opts), got: shapeList(got) });
  }
  const categories = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[]);
  for (const [name, opts] of a.plurals) {
    if (!opts.has('other')) out.push({ kind: 'plural_other', name });
    const foreign = [...opts].filter((o) => !o.startsWith('=') && !categories.has(o));
    if (foreign.length) out.push({ kind: 'plural_categories', name, expected: shapeList(categories), got: foreign.join(', ') });
  }
  return out;
}

/** The English sentence of a problem (codegen's report, the server's log text). */
export function shapeProblemText(p: ShapeProblem): string {
  switch (p.kind) {
    case 'placeholders':
      return `expected the placeholders ${p.expected}, got ${p.got}`;
    case 'tags':
      return `expected the tags ${p.expected}, got ${p.got}`;
    case 'select':
      return `{${p.name}, select}: expected the options ${p.expected}, got ${p.got}`;
    case 'plural_other':
      return `{${p.name}, plural}: expected an "other" option`;
    case 'plural_categories':
      return `{${p.name}, plural}: expected only ${p.expected} (and =n), got ${p.got}`;
  }
}

/**
 * A caption's verdict: null when `text` is a valid ICU message with the shape of `original`
 * (the catalogue's English text of its key), else the validation message (a catalogue key
 * and its values, core/validation/messages.ts) that says why.
 */
export function captionProblem(parse: IcuParse, lang: string, text: string, original: string): { id: 'validation.icu_syntax' | 'validation.icu_shape'; values?: Record<string, string> } | null {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text);
  } catch {
    return { id: 'validation.icu_syntax' };
  }
  let orig: MessageFormatElement[];
  try {
    orig = parse(original);
  } catch {
    return null; // the catalogue's own text is checked by codegen
  }
  const [first] = shapeProblems(lang, ast, orig);
  if (!first) return null;
  if (first.kind === 'placeholders' || first.kind === 'tags') return { id: 'validation.icu_shape', values: { expected: first.expected, got: first.got } };
  return { id: 'validation.icu_shape', values: { expected: 'expected' in first ? first.expected : 'other', got: 'got' in first ? first.got : '–' } };
}
