/**
 * How tags are stored, for the grid's 'tag' editor and the forms' tag input alike: a
 * text column holds them joined by ', ' ('garden, sale' — no tag holds a comma, the
 * inputs split on it), a json column holds the array; no tags is null. Reading accepts
 * either (tagList of src/core/format.ts).
 */
import type { ColumnType } from '../../../../schemas/screen.ts';

export const TAG_SEPARATOR = ', ';

export function tagsValue(tags: readonly string[] | null, type: ColumnType): string | string[] | null {
  if (!tags?.length) return null;
  return type === 'json' ? [...tags] : tags.join(TAG_SEPARATOR);
}
