import { parseScreen, type ScreenDescriptor } from '../../../../schemas/screen.ts';
import { screenValueTypes } from '../../../core/validation/columns.ts';
import { screenModules } from '../../../generated/screens.ts';

import type { ValueType } from '../../../core/query/kinds.ts';

export type { ValueType };

/** A column whose value is the key of another form's row: what a write must find (engine/references.ts). */
export interface Reference {
  /** The referenced form: a ref's lookup, the declared `references`, or the master of a detail. */
  form: string;
  /** Where the row is looked for: the form's written table when it holds the company column, else its relation. */
  from: string;
  /** The referenced form's key column the value is. */
  key: string;
  /** The company column of `from` when the rows belong to companies: the row must be the session's company's. */
  company: string | undefined;
}

/** A descriptor with what the engine derives from it once, at start. */
export interface Screen extends ScreenDescriptor {
  keys: string[];
  /** Scalar type of each column's values: refs take the type of their lookup's key. */
  valueType: Record<string, ValueType>;
  /** The page whose permissions govern the form. */
  pageUrl: string | undefined;
  /** The columns holding keys of other forms' rows, by field. */
  references: Readonly<Record<string, Reference>>;
}

const keysOf = (s: ScreenDescriptor) => (Array.isArray(s.source.key) ? s.source.key : [s.source.key]);

function reference(target: ScreenDescriptor, key: string): Reference {
  const { company, write, writeCompany, relation } = target.source;
  return { form: target.form, from: company && write && writeCompany ? write : relation, key, company };
}

/**
 * What each column references, from the descriptors alone: a ref column its lookup; a
 * column declaring `references` that form; a detail's column named like a key of its
 * master (the detail panel fixes it to the master row's key) the master.
 */
function referencesOf(s: ScreenDescriptor, byForm: Map<string, ScreenDescriptor>, masters: ScreenDescriptor[]): Record<string, Reference> {
  const out: Record<string, Reference> = {};
  for (const [field, c] of Object.entries(s.columns)) {
    const target = c.type === 'ref' ? byForm.get(c.lookup!) : c.references !== undefined ? byForm.get(c.references) : undefined;
    if (target) out[field] = reference(target, keysOf(target)[0]!);
  }
  for (const m of masters) {
    for (const k of keysOf(m)) if (Object.hasOwn(s.columns, k) && !Object.hasOwn(out, k)) out[k] = reference(m, k);
  }
  return out;
}

function build(): Map<string, Screen> {
  const parsed = Object.entries(screenModules).map(([file, mod]) => parseScreen(mod.default, file));
  const byForm = new Map<string, ScreenDescriptor>();
  for (const s of parsed) {
    if (byForm.has(s.form)) throw new Error(`form "${s.form}" is declared twice`);
    byForm.set(s.form, s);
  }
  const screens = new Map<string, Screen>();
  for (const s of parsed) {
    const valueType = screenValueTypes(s, (form) => byForm.get(form));
    const masters = parsed.filter((m) => m.details?.includes(s.form));
    screens.set(s.form, {
      ...s,
      keys: keysOf(s),
      valueType,
      pageUrl: s.route ?? s.page,
      references: referencesOf(s, byForm, masters),
    });
  }
  return screens;
}

export const screens: ReadonlyMap<string, Screen> = build();
