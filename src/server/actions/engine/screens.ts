import { parseScreen, type ColumnMeta, type ScreenDescriptor } from '../../../../schemas/screen.ts';
import { screenValueTypes } from '../../../core/validation/columns.ts';
import { screenModules } from '../../../generated/screens.ts';

export type ValueType = Exclude<ColumnMeta['type'], 'ref'>;

/** A descriptor with what the engine derives from it once, at start. */
export interface Screen extends ScreenDescriptor {
  keys: string[];
  /** Scalar type of each column's values: refs take the type of their lookup's key. */
  valueType: Record<string, ValueType>;
  /** The page whose permissions govern the form. */
  pageUrl: string | undefined;
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
    screens.set(s.form, {
      ...s,
      keys: Array.isArray(s.source.key) ? s.source.key : [s.source.key],
      valueType,
      pageUrl: s.route ?? s.page,
    });
  }
  return screens;
}

export const screens: ReadonlyMap<string, Screen> = build();
