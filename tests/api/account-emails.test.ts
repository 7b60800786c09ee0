/**
 * Issue 43: an account's e-mail address by one rule (core/email.ts) everywhere — what the
 * user grids, partner users and import accept, sign-in, forgot-password, invitations and
 * createAdmin take, in its normal form, and the same address in another case is the same
 * account. Migration 096 brings stored addresses into that form and reports (never merges)
 * accounts whose addresses become one.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkAdminCredentials, companyFromEnv } from '../../src/server/config.ts';
import { emailConflicts, warnEmailConflicts } from '../../src/server/auth/emailConflicts.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createAdmin } from '../../src/server/db/firstAdmin.ts';
import { migrationNames } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Db } from '../../src/server/db/types.ts';
import { engines, freshDatabase, startTestServer, type TestServer } from './harness.ts';
import { STRONG, linkToken, mailsTo, waitForMails } from './accountsHelpers.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const TYPED = 'Zsófia.QA@Example.com';
const STORED = 'zsófia.qa@example.com';

describe.each(engines)('account e-mail addresses on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine, { inProcess: true }); // waits on forgot_password's after-answer work
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  /** Gives a new user a password as an administrator does (an initial one, changed at the first sign-in typed as `signInAs`). */
  async function givePassword(userId: number, signInAs: string): Promise<void> {
    const initial = 'initial passphrase for ' + String(userId);
    expect((await s.action(admin, 'user_initial_password', 'set', { user_ids: [userId], password: initial }, 'SK01')).status).toBe(200);
    const held = await s.post('/rpc/login', { email: signInAs, password: initial });
    expect(held.status, JSON.stringify(held.body)).toBe(403);
    expect((await s.post('/rpc/set_password', { token: held.body.params.token, password: STRONG })).body).toEqual({ data: { email: normalize(signInAs) } });
  }
  const normalize = (e: string) => e.trim().normalize('NFC').toLowerCase();

  it('stores what the user grid accepts in its normal form, and signs it in typed in any case', async () => {
    const add = await s.action(admin, 'users', 'add', { user_email: TYPED, user_name: 'zsofia' }, 'SK01');
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.row.user_email).toBe(STORED);
    const id = add.body.data.row.user_id as number;
    await givePassword(id, TYPED);
    for (const typed of [TYPED, STORED, 'ZSÓFIA.QA@EXAMPLE.COM', `  ${TYPED}  `, TYPED.normalize('NFD')]) {
      const r = await s.post('/rpc/login', { email: typed, password: STRONG });
      expect(r.status, `${typed}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    // The same address in another case is the same account: on staff users and on partner users alike.
    const again = await s.action(admin, 'users', 'add', { user_email: 'ZSÓFIA.qa@example.COM', user_name: 'other' }, 'SK01');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'already_exists', params: { label: 'fields.user_email' } });
    const partner = (await s.db.query<{ partner_id: number }>(`select partner_id from app.partners where company_code = 'SK01' and not deleted order by partner_id limit 1`)).rows[0]!;
    const asPartner = await s.action(admin, 'user_list', 'add', { partner_id: partner.partner_id, user_email: ' ZSÓFIA.QA@example.com', user_name: 'p' }, 'SK01');
    expect(asPartner.status).toBe(409);
    expect(asPartner.body).toMatchObject({ error: 'already_exists', params: { label: 'fields.user_email' } });
  });

  it('refuses at the field what sign-in would refuse, on add and on set', async () => {
    for (const bad of ['x@bücher.de', 'two@@example.com', 'sp ace@example.com', 'trail.@example.com', 'x@example']) {
      const r = await s.action(admin, 'users', 'add', { user_email: bad, user_name: 'bad' }, 'SK01');
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toMatch(/^payload\.user_email: is not an e-mail address the sign-in takes/);
      expect((await s.post('/rpc/login', { email: bad, password: STRONG })).status, bad).toBe(400);
    }
    const buyer = (await s.db.query<{ user_id: number; row_version: number }>(`select user_id, row_version from app.users where user_email = 'catalog@example.com'`)).rows[0]!;
    const set = await s.action(admin, 'users', 'set', { user_id: buyer.user_id, row_version: buyer.row_version, user_email: 'catalog@bücher.de' }, 'SK01');
    expect(set.status).toBe(400);
    expect(set.body.message).toMatch(/^payload\.user_email: /);
  });

  it('adds partner users in the normal form', async () => {
    const partner = (await s.db.query<{ partner_id: number }>(`select partner_id from app.partners where company_code = 'HU01' and not deleted order by partner_id limit 1`)).rows[0]!;
    const r = await s.action(admin, 'user_list', 'add', { partner_id: partner.partner_id, user_email: ' Gergő.Tóth@Partner.Example ', user_name: 'gergo' }, 'HU01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.row.user_email).toBe('gergő.tóth@partner.example');
  });

  it('mails invitations and reset links to the normal form, and finds the account for any case', async () => {
    const add = await s.action(admin, 'users', 'add', { user_email: 'Ștefan.Țăran@Exemplu.RO', user_name: 'stefan', language_code: 'ro' }, 'SK01');
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.data.row.user_id as number;
    expect((await s.action(admin, 'user_invite', 'set', { user_ids: [id] }, 'SK01')).status).toBe(200);
    const [invite] = await mailsTo(s, 'ștefan.țăran@exemplu.ro');
    expect((await s.post('/rpc/set_password', { token: linkToken(invite!.body_text), password: STRONG })).body).toEqual({ data: { email: 'ștefan.țăran@exemplu.ro' } });
    expect((await s.post('/rpc/login', { email: 'ȘTEFAN.ȚĂRAN@exemplu.ro', password: STRONG })).status).toBe(200);
    expect((await s.post('/rpc/forgot_password', { email: ' ȘTEFAN.Țăran@EXEMPLU.ro ' })).status).toBe(200);
    const mails = await waitForMails(s, 'ștefan.țăran@exemplu.ro', 2);
    expect(mails).toHaveLength(2);
  });

  it('imports users in the normal form and refuses, by line, an address sign-in would refuse', async () => {
    const csv = 'E-mail;Username\nImport.Ügyfél@Example.COM;import-ugyfel\nx@bücher.de;bad\n';
    const send = (mode: string) => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'users.csv');
      fd.set('mode', mode);
      fd.set('language', 'en');
      fd.set('mapping', JSON.stringify(['user_email', 'user_name']));
      return fetch(`${s.url}/api/import/users`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    };
    const preview = await (await send('preview')).json();
    expect(preview).toMatchObject({ rows: 2, inserts: 1, errorRows: 1 });
    expect(preview.errors).toEqual([{ line: 3, field: 'user_email', message: 'validation.invalidEmail', value: 'x@bücher.de' }]);
    expect((await send('commit')).status).toBe(200);
    expect((await s.db.query('select user_name from app.users where user_email = $1', ['import.ügyfél@example.com'])).rows).toEqual([{ user_name: 'import-ugyfel' }]);
  });

  it('makes the administrator of ADMIN_EMAIL in the normal form; another case of it is the same one', async () => {
    const typed = checkAdminCredentials(' Főnök.Admin@Example.com ', 'a long passphrase here', { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' });
    expect(typed.email).toBe('főnök.admin@example.com');
    const made = await createAdmin(s.db as Db, { ...typed, company: companyFromEnv({}) }, { onlyFirst: false });
    expect(made).toMatchObject({ created: true, email: 'főnök.admin@example.com' });
    const twice = checkAdminCredentials('FŐNÖK.ADMIN@EXAMPLE.COM', 'another long passphrase', { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' });
    expect(await createAdmin(s.db as Db, { ...twice, company: companyFromEnv({}) }, { onlyFirst: false })).toEqual({ created: false, reason: 'email_exists' });
    expect((await s.post('/rpc/login', { email: 'Főnök.Admin@EXAMPLE.com', password: 'a long passphrase here' })).status).toBe(200);
    expect(() => checkAdminCredentials('boss@bücher.de', 'a long passphrase here', { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' })).toThrow(/^ADMIN_EMAIL: email must be valid/);
  });

  it('signs in any address the grid accepted, in any case (property)', async () => {
    const letter = fc.constantFrom(...'aáäbcčdeéfghiíjklmnoóöőpqrsštuúüűvwxyzžăâîșțбгджзлпфцчшщюя'.split(''));
    const local = fc.array(fc.oneof(letter, fc.constantFrom(...'0123456789._+-'.split(''))), { minLength: 1, maxLength: 16 }).map((c) => c.join(''));
    let n = 0;
    const hash = await hashPassword(STRONG);
    await fc.assert(
      fc.asyncProperty(local, fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), async (name, caps) => {
        const typed = `${[...name].map((c, i) => (caps[i] ? c.toUpperCase() : c)).join('')}.p${n++}@Prop.Example`;
        const add = await s.action(admin, 'users', 'add', { user_email: typed, user_name: `prop${n}` }, 'SK01');
        if (add.status === 400) return; // the rule refused it (a dot first or last, two in a row): sign-in refuses it too
        expect(add.status, `${typed}: ${JSON.stringify(add.body)}`).toBe(200);
        const stored = add.body.data.row.user_email as string;
        expect(stored).toBe(normalize(typed));
        await s.db.query('update app.users set password_hash = $1 where user_id = $2', [hash, add.body.data.row.user_id]);
        for (const variant of [typed, typed.toUpperCase(), stored]) {
          const r = await s.post('/rpc/login', { email: variant, password: STRONG });
          expect(r.status, `${variant}: ${JSON.stringify(r.body)}`).toBe(200);
        }
      }),
      { numRuns: 12 },
    );
  });
});

/** Opens an empty database of the engine; `close` drops it. */
async function emptyDatabase(engine: string): Promise<{ db: Db; close(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPglite();
    return { db, close: () => db.close() };
  }
  const fresh = await freshDatabase();
  const db = await openPostgres(fresh.url);
  return {
    db,
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}

describe.each(engines)('migration 096 on %s', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  const dir = new URL('../../src/server/db/migrations/', import.meta.url).pathname;
  beforeAll(async () => {
    ({ db, close } = await emptyDatabase(engine));
    // A database of the release before: every migration up to 096 (as migrate() applies them, in its schema).
    await db.exec('create schema if not exists app');
    for (const file of migrationNames().filter((f) => f < '096')) await db.transaction((tx) => tx.exec(readFileSync(dir + file, 'utf8')));
    await db.exec(`insert into app.languages (language_code, iso_code, language_name, flag_code) values ('en', 'en', 'English', 'gb') on conflict do nothing`);
    const add = (email: string) => db.query(`insert into app.users (user_email, user_name, password_hash) values ($1, $1, 'x')`, [email]);
    // As the old grid let them in: case, spaces around, a decomposed accent.
    for (const e of ['Anna.Berger@Example.org', ' anna.berger@example.org', 'Mixed.Case@Host.Example', 'plain@host.example', 'Zso\u0301fia@Host.Example', 'zsófia@host.example ']) await add(e);
    await db.transaction((tx) => tx.exec(readFileSync(dir + migrationNames().find((f) => f.startsWith('096'))!, 'utf8')));
  }, 120_000);
  afterAll(() => close?.());

  const emails = async () => (await db.query<{ user_id: number; user_email: string }>('select user_id, user_email from app.users order by user_id')).rows.map((r) => r.user_email);

  it('brings addresses into the normal form and lists, unchanged, the accounts whose address became another’s', async () => {
    expect(await emails()).toEqual(['anna.berger@example.org', ' anna.berger@example.org', 'mixed.case@host.example', 'plain@host.example', 'zsófia@host.example', 'zsófia@host.example ']);
    const conflicts = await db.query('select user_id, user_email, normal_email, holder_id from app.user_email_conflicts order by user_id');
    expect(conflicts.rows).toEqual([
      { user_id: 2, user_email: ' anna.berger@example.org', normal_email: 'anna.berger@example.org', holder_id: 1 },
      { user_id: 6, user_email: 'zsófia@host.example ', normal_email: 'zsófia@host.example', holder_id: 5 },
    ]);
    expect(await emailConflicts(db)).toEqual({ total: 2, listed: ['user 2 (the address of user 1)', 'user 6 (the address of user 5)'] });
    // The start says it (ids, no address).
    const warn = vi.spyOn(serverLog, 'warn').mockImplementation(() => undefined);
    try {
      await warnEmailConflicts(db);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/^accounts: 2 user\(s\) share an e-mail address .*user 2 \(the address of user 1\); user 6 \(the address of user 5\)$/);
      expect(warn.mock.calls[0]![0]).not.toContain('@');
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses an address written in another form, lets a listed account be blocked, and drops it from the list once it has its own address', async () => {
    await expect(db.query(`insert into app.users (user_email, user_name, password_hash) values ('New@Host.Example', 'n', 'x')`)).rejects.toMatchObject({
      code: '23514',
      constraint: 'users_email_normal_form',
    });
    await expect(db.query(`update app.users set user_email = 'Plain@host.example' where user_id = 4`)).rejects.toMatchObject({ code: '23514' });
    await db.query('update app.users set blocked = true, first_name = $2 where user_id = $1', [2, 'Anna']);
    await db.query(`update app.users set user_email = 'anna.berger+2@example.org' where user_id = 2`);
    expect((await db.query('select user_id from app.user_email_conflicts order by user_id')).rows).toEqual([{ user_id: 6 }]);
  });
});
