/**
 * Issue 50 point 3: a failed call's toast shows the server's request id ("Ref: …", small and
 * selectable) so a user can quote it — wherever the toast's message holds the failure (the
 * "not saved: {status}" toasts nest it), in all seven languages.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/app/api/client.ts';
import { describeError, type Said } from '../../src/app/api/said.ts';
import { ToastText } from '../../src/app/chrome/ToastList.tsx';
import { withRef } from '../../src/app/chrome/toasts.tsx';
import { LANGS, LOCALE } from '../../src/core/langs.ts';

const failure = (requestId?: string) => new ApiError(409, 'stale_row', 'changed meanwhile', 'messages.status_text', undefined, {}, requestId);

const shown = (lang: string, t: Said) => {
  const messages = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
  return renderToStaticMarkup(createElement(IntlProvider, { locale: LOCALE[lang as keyof typeof LOCALE], messages }, createElement(ToastText, { t })));
};

describe('the request id in an error toast', () => {
  it('is shown under the message, in every language, when the failure is nested in its values', () => {
    const t = withRef({ id: 'messages.error_saving_data', values: { status: describeError(failure('Ab3_x-9QzK1')) } });
    expect(t.ref).toBe('Ab3_x-9QzK1');
    const labels = new Set<string>();
    for (const lang of LANGS) {
      const html = shown(lang, t);
      const ref = /<small class="toast-ref" data-testid="toast-ref">([^<]*)<\/small>/.exec(html)?.[1];
      expect(ref, lang).toMatch(/^\S.*: Ab3_x-9QzK1$/);
      labels.add(ref!.split(':')[0]!);
    }
    expect(labels.size).toBe(LANGS.length); // translated, not English everywhere
    expect(shown('en', t)).toContain('Ref: Ab3_x-9QzK1');
  });

  it('is shown for a failure said directly, and absent when the answer had none', () => {
    expect(shown('de', withRef({ ...describeError(failure('r1d')) }))).toContain('Referenz: r1d');
    expect(shown('en', withRef({ id: 'messages.error_saving_data', values: { status: describeError(failure()) } }))).not.toContain('toast-ref');
    expect(shown('en', withRef({ id: 'messages.generic_error' }))).not.toContain('toast-ref');
  });
});
