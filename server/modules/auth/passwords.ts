/** argon2id with OWASP's minimum parameters (m=19456 KiB, t=2, p=1). */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random string: verifying against it costs what a real check costs, so an
// unknown identifier takes as long as a wrong password. No password ever matches it.
let dummy: Promise<string> | null = null;

export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${randomBytes(32).toString('hex')}`);
  return dummy;
}
