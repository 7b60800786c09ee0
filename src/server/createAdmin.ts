/**
 * `npm run create-admin`: adds an administrator to the database the server would open
 * (DATABASE_URL, else PGlite in DATA_DIR — stop the server first, PGlite is one process's).
 * Email and password from ADMIN_EMAIL / ADMIN_PASSWORD, else asked for (the password
 * unechoed on a terminal, twice). A new database is migrated and seeded as a start would.
 * An email that exists changes nothing and says so (exit 0: running it twice is harmless).
 */
import { createInterface } from 'node:readline';
import { checkAdminCredentials, companyFromEnv, configFromEnv, MIN_ADMIN_PASSWORD } from './config.ts';
import { createAdmin } from './db/firstAdmin.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { seed } from './db/seed/index.ts';

/** Lines of standard input, asked one by one; on a terminal a secret answer is not echoed. */
function prompter() {
  const tty = process.stdin.isTTY === true;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  const lines = rl[Symbol.asyncIterator](); // buffers lines piped in before they are asked for
  let muted = false;
  const out = rl as unknown as { _writeToOutput(s: string): void };
  const write = out._writeToOutput.bind(rl);
  out._writeToOutput = (s: string) => write(muted ? '' : s); // readline's echo of what is typed
  return {
    async ask(question: string, secret = false): Promise<string> {
      process.stdout.write(question);
      muted = secret && tty;
      const next = await lines.next();
      muted = false;
      process.stdout.write('\n');
      if (next.done) throw new Error('no answer on standard input');
      return next.value;
    },
    close: () => rl.close(),
  };
}

async function credentials(env: NodeJS.ProcessEnv): Promise<{ email: string; password: string }> {
  if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
    if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both, or neither to be asked');
    return checkAdminCredentials(env.ADMIN_EMAIL, env.ADMIN_PASSWORD, { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' });
  }
  const p = prompter();
  try {
    const email = (await p.ask('Administrator email: ')).trim();
    const password = await p.ask(`Password (at least ${MIN_ADMIN_PASSWORD} characters): `, true);
    const checked = checkAdminCredentials(email, password, { email: 'email', password: 'password' });
    if (process.stdin.isTTY && (await p.ask('Password again: ', true)) !== password) throw new Error('the passwords differ');
    return checked;
  } finally {
    p.close();
  }
}

try {
  const env = process.env;
  const config = configFromEnv({ ...env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }); // the admin is this script's, not a start's
  const admin = { ...(await credentials(env)), company: companyFromEnv(env) };
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    await seed(db, { demo: config.demoData, products: config.demoProducts });
    const made = await createAdmin(db, admin, { onlyFirst: false });
    if (made.created) console.log(`create-admin: administrator ${made.email} created${made.company ? `, with the company ${made.company}` : ''}`);
    else console.log(`create-admin: a user with the email ${admin.email} exists already; nothing was changed`);
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`create-admin: ${(e as Error).message}`);
  process.exitCode = 1;
}
