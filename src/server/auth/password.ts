import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane.
const params = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, params);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  // A user without a password yet ('!…', app.unusable_password(), migration 054) costs what a wrong password costs: timing tells nothing.
  if (stored.startsWith('!')) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // malformed stored hash
  }
}

/** A real hash of a random secret, verified when the user is unknown so that timing does not tell. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(crypto.randomUUID()));
