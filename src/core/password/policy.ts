/**
 * The password rule of every form and every server call that sets a password (OWASP ASVS
 * 5.0 V6.2): at least PASSWORD_MIN characters and at most PASSWORD_MAX (code points: a
 * passphrase of any script counts as typed), any characters, no composition rules; refused
 * when it is a common (breached) password, or one padded with digits and symbols
 * ("Password2024!" is "password"), or made of one short run repeated, or when it holds
 * the account's e-mail name. The reasons are catalogue keys (`password.*`); the server
 * answers them as `weak_password` with `reason`, the forms say them as the user types.
 */
import { COMMON_PASSWORDS } from './commonPasswords.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

export { PASSWORD_LIMITS } from './limits.ts';

export type PasswordReason = 'password.too_short' | 'password.too_long' | 'password.common' | 'password.repetitive' | 'password.contains_email';

let common: ReadonlySet<string> | undefined;
const commonSet = (): ReadonlySet<string> => (common ??= new Set(COMMON_PASSWORDS.split('\n').map((p) => p.toLowerCase())));

/** Look-alikes read back as letters: "p@ssw0rd" is "password". */
const LEET: Record<string, string> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
const unleet = (s: string) => s.replace(/[013457@$!]/g, (c) => LEET[c]!);

/** The words a common password hides behind: itself, without the digits and symbols around it, and read without look-alikes. */
function cores(password: string): string[] {
  const lower = password.toLowerCase();
  const letters = (s: string) => s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return [...new Set([lower, letters(lower), unleet(lower), unleet(letters(lower)), letters(unleet(lower))])].filter((c) => c.length > 0);
}

/** One run of at most four characters repeated ("abcabcabcabc"), or at most three different characters in all. */
function repetitive(chars: string[]): boolean {
  if (new Set(chars).size <= 3) return true;
  for (let n = 1; n <= 4; n++) {
    if (chars.length % n) continue;
    if (chars.every((c, i) => c === chars[i % n])) return true;
  }
  return false;
}

/**
 * Why `password` is refused, or undefined when it is taken. `email`: the account's
 * address, whose name (before the @, four characters or more) the password must not hold.
 */
export function passwordProblem(password: string, email?: string): PasswordReason | undefined {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return 'password.too_short';
  if (chars.length > PASSWORD_MAX) return 'password.too_long';
  const set = commonSet();
  if (cores(password).some((c) => set.has(c))) return 'password.common';
  if (repetitive(chars)) return 'password.repetitive';
  const name = email?.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 4 && password.toLowerCase().includes(name)) return 'password.contains_email';
  return undefined;
}
