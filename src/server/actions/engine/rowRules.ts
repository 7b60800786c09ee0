/**
 * Rules of a form's written values that the database cannot state (the engine's every write
 * path calls `checkRowRules` beside the reference check: set, bulk set, add, import). By form
 * name; a rule throws a 400 naming the field.
 */
import { captionRules } from '../../texts/checks.ts';
import type { Screen } from './screens.ts';
import type { RowRule, WrittenRow } from './writtenRow.ts';

const RULES: Readonly<Record<string, RowRule>> = {
  captions: captionRules.captions,
  translation_table: captionRules.translation_table,
};

export function checkRowRules(screen: Screen, rows: readonly WrittenRow[]): void {
  const rule = Object.hasOwn(RULES, screen.form) ? RULES[screen.form] : undefined;
  rule?.(screen, rows);
}
