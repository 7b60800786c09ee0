/**
 * The accounts' e-mail rule (core/email.ts) and everywhere it is checked: the user grids'
 * column schema (browser cells and forms, the server's engine and import: one columnSchema),
 * the sign-in and forgot-password forms (loginSchema.ts) and the API's login input. They must
 * agree on every text, and what a save stores is what sign-in looks up, typed in any case.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordInput, LoginInput } from '../../schemas/api.ts';
import { parseScreen } from '../../schemas/screen.ts';
import users from '../../screens/settings/users.ts';
import partnerUsers from '../../screens/partners/user_list.ts';
import { EMAIL_MAX, emailProblem, isEmail, normalizeEmail } from '../../src/core/email.ts';
import { PARSE_CONFIG, columnSchema, fieldSchemas, rowSchema, screenValueTypes } from '../../src/core/validation/columns.ts';
import { LoginEmail, firstError } from '../../src/app/pages/loginSchema.ts';

const screens = [parseScreen(users, 'screens/settings/users.ts'), parseScreen(partnerUsers, 'screens/partners/user_list.ts')];
const types = (s: (typeof screens)[number]) => screenValueTypes(s, () => ({ columns: { partner_id: { type: 'int' } }, source: { key: 'partner_id' } }) as never);

/** What each place makes of a typed address: the stored/sent address, or refused. */
function verdicts(typed: string) {
  const out: Record<string, string | null> = {};
  for (const s of screens) {
    const col = s.columns.user_email!;
    const cell = v.safeParse(columnSchema(col, 'text'), typed, PARSE_CONFIG); // grid cell (browser)
    out[`${s.form}.cell`] = cell.success ? (cell.output as string) : null;
    const form = v.safeParse(fieldSchemas(s, 'add', types(s)).user_email!, typed, PARSE_CONFIG); // add form (browser)
    out[`${s.form}.form`] = form.success ? (form.output as string) : null;
    const row = v.safeParse(rowSchema(s, 'add', types(s)), { ...(s.form === 'user_list' ? { partner_id: 1 } : {}), user_email: typed, user_name: 'x' }, PARSE_CONFIG); // engine and import (server)
    out[`${s.form}.engine`] = row.success ? (row.output.user_email as string) : null;
  }
  out['login.form'] = firstError(LoginEmail, typed) ? null : v.parse(LoginEmail, typed);
  const login = v.safeParse(LoginInput, { email: typed, password: 'p' });
  out['login.api'] = login.success ? login.output.email : null;
  const forgot = v.safeParse(ForgotPasswordInput, { email: typed });
  out['forgot.api'] = forgot.success ? forgot.output.email : null;
  out.rule = emailProblem(typed) ? null : normalizeEmail(typed);
  return out;
}

/** A letter of the scripts the back office is written in, in either case. */
const letter = fc.constantFrom(...'aábcčdďeéěfghiíjklľĺmnňoóöőôpqrřsštťuúüűůvwxyýzžăâîșțабвгдежзийклмнопрстуфхцчшщъьюя'.split('')).chain((c) => fc.constantFrom(c, c.toUpperCase()));
const atomChar = fc.oneof(
  { weight: 8, arbitrary: letter },
  { weight: 2, arbitrary: fc.constantFrom(...'0123456789'.split('')) },
  { weight: 1, arbitrary: fc.constantFrom(...".!#$%&'*+/=?^_`{|}~-".split('')) },
);
const label = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,10}[A-Za-z0-9])?$/);
/** Addresses the rule should mostly take: international local parts, ASCII domains, random case and spaces around. */
const address = fc
  .record({
    local: fc.array(atomChar, { minLength: 1, maxLength: 20 }).map((cs) => cs.join('')),
    domain: fc.array(label, { minLength: 1, maxLength: 3 }),
    top: fc.stringMatching(/^[A-Za-z]{2,6}$/),
    pad: fc.constantFrom('', ' ', '  ', '\t'),
    decompose: fc.boolean(),
  })
  .map(({ local, domain, top, pad, decompose }) => {
    const a = `${pad}${local}@${[...domain, top].join('.')}${pad}`;
    return decompose ? a.normalize('NFD') : a;
  });
/** Any text at all, and near-addresses (an @ somewhere, stray characters). */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}@${b}`),
  address,
);

describe('the accounts e-mail rule', () => {
  it('takes international local parts, in the normal form: trimmed, NFC, lower case', () => {
    expect(normalizeEmail('  Zsófia.QA@Example.com ')).toBe('zsófia.qa@example.com');
    expect(normalizeEmail('Zso\u0301fia@Example.COM')).toBe('zsófia@example.com'); // o + combining acute → ó
    for (const ok of ['Zsófia.QA@Example.com', 'jürgen.müller@firma.de', 'ștefan.țăran@exemplu.ro', 'иван.петров@primer.xn--p1ai', "o'brien+orders@shop.co.uk", 'a@b.cd', 'x@xn--bcher-kva.example'])
      expect(emailProblem(ok), ok).toBeUndefined();
  });

  it('refuses what cannot be an address, and a domain not in its ASCII form', () => {
    const refused: [string, string][] = [
      ['', 'validation.required'],
      ['   ', 'validation.required'],
      ['plain', 'validation.invalidEmail'],
      ['a@b', 'validation.invalidEmail'],
      ['two@@example.com', 'validation.invalidEmail'],
      ['sp ace@example.com', 'validation.invalidEmail'],
      ['.lead@example.com', 'validation.invalidEmail'],
      ['trail.@example.com', 'validation.invalidEmail'],
      ['do..ts@example.com', 'validation.invalidEmail'],
      ['"quoted"@example.com', 'validation.invalidEmail'],
      ['x@-host.example', 'validation.invalidEmail'],
      ['x@host-.example', 'validation.invalidEmail'],
      ['x@bücher.de', 'validation.invalidEmail'],
      ['x@[192.0.2.1]', 'validation.invalidEmail'],
      ['x@example.c0m', 'validation.invalidEmail'],
      ['smile☺@example.com', 'validation.invalidEmail'],
      [`${'a'.repeat(65)}@example.com`, 'validation.invalidEmail'],
      [`a@${'b'.repeat(64)}.com`, 'validation.invalidEmail'],
      [`a@${`${'b'.repeat(60)}.`.repeat(5)}com`, `validation.max_length?max=${EMAIL_MAX}`],
    ];
    for (const [text, problem] of refused) expect(emailProblem(text), text).toBe(problem);
  });

  it('is the one rule of the grids, forms, engine, import, sign-in and forgot-password (property)', () => {
    fc.assert(
      fc.property(anyText, (typed) => {
        const all = verdicts(typed);
        const expected = all.rule!;
        for (const [where, got] of Object.entries(all)) expect(got, `${where}: ${JSON.stringify(typed)}`).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds what a save stored however the address is typed at sign-in (property)', () => {
    fc.assert(
      fc.property(address, fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }), (typed, flips) => {
        const stored = verdicts(typed)['users.engine'];
        fc.pre(stored !== null);
        // The same address as someone might type it at sign-in: each letter in either case, decomposed or not, spaces around.
        const retyped = ` ${[...typed.trim()].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('')} `;
        for (const variant of [typed, retyped, retyped.normalize('NFD'), typed.toUpperCase()]) {
          const login = v.safeParse(LoginInput, { email: variant, password: 'p' });
          expect(login.success, variant).toBe(true);
          expect(login.success && login.output.email, variant).toBe(stored);
          expect(firstError(LoginEmail, variant), variant).toBeUndefined();
        }
        expect(isEmail(stored!)).toBe(true);
        expect(normalizeEmail(stored!)).toBe(stored); // the stored form is a fixed point
      }),
      { numRuns: 1000 },
    );
  });
});
