import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, 2 iterations, 1 lane. 2 = Algorithm.Argon2id (a const enum).
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checked against when the email is unknown, so a miss takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('haulwise-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
