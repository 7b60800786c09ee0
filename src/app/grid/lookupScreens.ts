/** The descriptors of lookup forms (ref columns), parsed once, by form name. */
import { parseScreen, type ScreenDescriptor } from '../../../schemas/screen.ts';
import { lookupModules } from '../../generated/lookups.ts';

let byForm: Map<string, ScreenDescriptor> | undefined;

export function lookupScreen(form: string): ScreenDescriptor | undefined {
  byForm ??= new Map(Object.entries(lookupModules).map(([file, m]) => {
    const s = parseScreen(m, file);
    return [s.form, s] as const;
  }));
  return byForm.get(form);
}
