/**
 * Which account, if any, a password opens. The work never depends on how many accounts the
 * identifier names: a phone may be shared by several accounts, and if each one cost another
 * argon2 verification, the answer time would tell how many accounts use that number.
 */
import { MAX_ACCOUNTS_PER_PHONE } from '../../contract/auth.ts';
import { normalizePhone } from '../../contract/phone.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

export type VerifyPassword = (passwordHash: string, password: string) => Promise<boolean>;

/**
 * Verifications a sign-in with this identifier always costs: anything that reads as a phone
 * may name the accounts sharing it plus one whose username is those digits; a username or an
 * email names at most one account.
 */
export function verificationCount(identifier: string): number {
  return normalizePhone(identifier) ? MAX_ACCOUNTS_PER_PHONE + 1 : 1;
}

export async function matchPassword<T extends { passwordHash: string }>(
  identifier: string,
  candidates: T[],
  password: string,
  verify: VerifyPassword = verifyPassword,
): Promise<T | null> {
  const filler = await dummyHash();
  const count = Math.max(verificationCount(identifier), candidates.length);
  const hashes = Array.from({ length: count }, (_, i) => candidates[i]?.passwordHash ?? filler);
  // All started together and all awaited: stopping at the first match, or checking one after
  // another, would let the time taken tell where the match was or how many candidates there were.
  const results = await Promise.all(hashes.map((passwordHash) => verify(passwordHash, password)));
  const index = results.findIndex((matched, i) => matched && i < candidates.length);
  return index === -1 ? null : candidates[index];
}
