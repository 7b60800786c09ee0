/**
 * Every HTML `pattern` attribute is valid as browsers compile it (issue 43, finding 11):
 * `new RegExp('^(?:' + pattern + ')$', 'v')` (HTML's rule since Chromium 112). Under the `v`
 * flag ( ) [ ] { } / - \ | must be escaped inside a character class; an invalid pattern is
 * ignored by the browser (a console error, and nothing is checked). The patterns are those of
 * the checkout's fields (src/core/checkout.ts, rendered by the storefront) and every literal
 * `pattern=` attribute in the storefront's and the app's source; a `pattern={…}` taken from
 * anything else must be added here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, checkCheckout } from '../../src/core/checkout.ts';

const root = join(import.meta.dirname, '..', '..');
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(tsx?|html)$/.test(e.name) ? [join(dir, e.name)] : []));
const files = ['src/storefront', 'src/app', 'src/server/storefront'].flatMap(sources);
const asBrowser = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

/** The literal patterns of the source's attributes, and the expressions of the others. */
function attributes(): { literal: [string, string][]; dynamic: [string, string][] } {
  const literal: [string, string][] = [];
  const dynamic: [string, string][] = [];
  for (const f of files) {
    const text = readFileSync(join(root, f), 'utf8');
    for (const m of text.matchAll(/\bpattern=(?:"([^"]*)"|'([^']*)'|\{\s*(['"`])((?:\\.|(?!\3).)*)\3\s*\}|\{([^}]*)\})/g)) {
      if (m[5] !== undefined) dynamic.push([f, m[5].trim()]);
      else literal.push([f, m[1] ?? m[2] ?? m[4]!.replace(/\\(.)/g, '$1')]);
    }
  }
  return { literal, dynamic };
}

describe('HTML pattern attributes', () => {
  it('compile with the v flag, as browsers compile them', () => {
    const { literal, dynamic } = attributes();
    // The one computed attribute: the checkout fields' rules.
    expect(dynamic).toEqual([['src/storefront/CheckoutPage.tsx', "'pattern' in r ? r.pattern : undefined"]]);
    const patterns = [...literal, ...Object.entries(CHECKOUT_FIELDS).flatMap(([k, r]) => ('pattern' in r ? [[`checkout.${k}`, r.pattern] as [string, string]] : []))];
    expect(patterns.length).toBeGreaterThanOrEqual(2);
    for (const [where, p] of patterns) expect(() => asBrowser(p), `${where}: ${p}`).not.toThrow();
  });

  it('take the phone numbers and postcodes people write, and refuse others — the same in the browser and on the server', () => {
    const phone = asBrowser(CHECKOUT_FIELDS.phone.pattern);
    const zip = asBrowser(CHECKOUT_FIELDS.zip.pattern);
    for (const p of ['+421 900 123 456', '(02) 5555-0101', '0900/123 456', '+36.1.555.0103']) expect(phone.test(p), p).toBe(true);
    for (const p of ['12345', 'call me', '+421 900 123 456 ext. 7', '0900|123456']) expect(phone.test(p), p).toBe(false);
    for (const z of ['811 01', '1133', 'SW1A 1AA', 'A-1010', '01-234']) expect(zip.test(z), z).toBe(true);
    for (const z of ['8', '811_01', '811/01', 'ü1234']) expect(zip.test(z), z).toBe(false);
    const form = { name: 'Eva', email: 'eva@example.com', address: 'Hlavná 1', city: 'Bratislava', country: 'SK', dm: '1', pm: '1' };
    expect(checkCheckout({ ...form, phone: '(02) 5555-0101', zip: 'A-1010' }).ok).toBe(true);
    const bad = checkCheckout({ ...form, phone: 'call me', zip: '811/01' });
    expect(bad.ok ? {} : bad.errors).toEqual({ phone: { id: 'validation.pattern' }, zip: { id: 'validation.pattern' } });
  });
});
