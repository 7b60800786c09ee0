/**
 * The descriptors of lookup forms (ref columns), by form name. Each screen's chunk carries the
 * lookups its refs search (codegen: src/generated/screens/<form>.ts `lookups`), kept here as
 * loadScreen loads it, before the screen's descriptor is handed out: a screen never asks for
 * a lookup its chunk did not bring.
 */
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { expand, type CompactScreen } from '../../generated/screenDefaults.ts';

const known = new Map<string, ScreenDescriptor>();

/** Keeps the lookup descriptors a loaded chunk carries, named by their keys (or, in tests, every one). */
export function addLookups(lookups: Readonly<Record<string, Omit<CompactScreen, 'form'> | ScreenDescriptor>> | undefined): void {
  for (const [form, l] of Object.entries(lookups ?? {})) if (!known.has(form)) known.set(form, expand({ ...(l as CompactScreen), form }));
}

export function lookupScreen(form: string): ScreenDescriptor | undefined {
  return known.get(form);
}
