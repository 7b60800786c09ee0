/** The descriptors of lookup forms (ref columns), by form name: parsed by codegen (src/generated/screens/). */
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { lookupScreens } from '../../generated/lookups.ts';

export function lookupScreen(form: string): ScreenDescriptor | undefined {
  return Object.hasOwn(lookupScreens, form) ? lookupScreens[form] : undefined;
}
