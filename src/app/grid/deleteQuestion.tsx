/**
 * The question before a delete, from the server's `delete_preview`: the rows by key and
 * name in the UI language (a few, then "and N more") and what goes with them, counted per
 * screen with its own plural noun (`screens.<form>.deleted_with`: "4 images"), else the
 * screen's title ("Banners: 3 records"), else "N other records".
 */
import { useIntl, type IntlShape } from 'react-intl';
import { screenTitleId } from '../../core/logWords.ts';
import type { DeletePreview } from './gridApi.ts';

/** Rows named before "and N more". */
const NAMED_ROWS = 3;

/** A multi-language value in the language (else English, else any), or a plain value as text. */
function nameIn(value: unknown, lang: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const m = value as Record<string, unknown>;
  const pick = [m[lang], m.en, ...Object.values(m)].find((x) => typeof x === 'string' && x !== '');
  return typeof pick === 'string' ? pick : '';
}

export function deleteQuestionText(intl: IntlShape, p: DeletePreview, lang: string): string {
  const named = p.rows.slice(0, NAMED_ROWS).map((r) => [r.key, nameIn(r.name, lang)].filter(Boolean).join(' '));
  const more = p.count - named.length;
  const rows = more > 0 ? intl.formatMessage({ id: 'grid.delete_rows_more' }, { rows: named.join(', '), count: more }) : intl.formatList(named, { type: 'conjunction' });
  const parts = p.dependents
    .filter((d) => d.count > 0)
    .map(({ form, count }) => {
      if (form === null) return intl.formatMessage({ id: 'grid.delete_other_records' }, { count });
      const own = `screens.${form}.deleted_with`;
      if (own in intl.messages) return intl.formatMessage({ id: own }, { count });
      return intl.formatMessage({ id: 'grid.delete_records_in' }, { count, title: intl.formatMessage({ id: screenTitleId(form) }) });
    });
  if (!parts.length) return intl.formatMessage({ id: 'grid.delete_question' }, { rows, count: p.count });
  return intl.formatMessage({ id: 'grid.delete_question_with' }, { rows, count: p.count, dependents: intl.formatList(parts, { type: 'conjunction' }) });
}

export function DeleteQuestion({ preview, lang }: { preview: DeletePreview; lang: string }) {
  const intl = useIntl();
  return <>{deleteQuestionText(intl, preview, lang)}</>;
}
