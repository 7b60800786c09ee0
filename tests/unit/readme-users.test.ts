/**
 * The README's demo users say what the seed grants (issue 42 point 9c): each user's row names
 * its companies, and a role's working pages (add and edit beside its list rights) by their
 * English titles — the warehouse row once said "list only" while the seed let it receive,
 * pick, move and count stock. "A warehouse day" names the same pages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoUsers, roles } from '../../src/server/db/seed/users.ts';

const readme = readFileSync('README.md', 'utf8');
const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
/** A page's title as the English menu shows it ('warehouse.pick_lists' → 'Pick lists'). */
const title = (pageCode: string) => en[`screens.${pageCode.split('.').pop()}.title`]!;
const rowOf = (email: string) => readme.split('\n').find((l) => l.startsWith(`| \`${email}\` |`));

describe('README demo users', () => {
  it('a row per demo user, naming its companies', () => {
    for (const u of demoUsers) {
      const row = rowOf(u.email);
      expect(row, u.email).toBeDefined();
      if (!u.blocked && u.role !== 'administrator') for (const c of u.companies) expect(row, `${u.email} ${c}`).toContain(c);
    }
  });

  it('a role’s working pages named where its users’ rights are told; "list only" only for a role without any', () => {
    for (const role of roles) {
      const users = demoUsers.filter((u) => u.role === role.code && !u.blocked && !u.ownPages);
      for (const u of users) {
        const row = rowOf(u.email)!;
        if (!role.works?.length) continue;
        expect(row, u.email).not.toMatch(/list only/i);
        for (const page of role.works) expect(row, `${u.email}: ${page}`).toContain(title(page));
      }
    }
    const day = readme.slice(readme.indexOf('### A warehouse day'), readme.indexOf('\n1. ', readme.indexOf('### A warehouse day')));
    for (const page of roles.find((r) => r.code === 'warehouse')!.works!) expect(day.replace(/\s+/g, ' '), page).toContain(title(page));
  });
});
