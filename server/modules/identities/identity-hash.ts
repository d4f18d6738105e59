/**
 * The keyed hash that recognises a returning member: HMAC-SHA256 (hex) of the normalised email
 * or phone, keyed with IDENTITY_HASH_SECRET. Pure. The kind is part of the hashed text, so an
 * email and a phone can never share a hash; without the secret a hash cannot be tested against
 * a guessed address or number.
 */
import { createHmac } from 'node:crypto';
import { normalizePhone } from '../../contract/phone.ts';
import type { IdentityHashKind } from '../../kernel/db/schema/index.ts';

export type { IdentityHashKind } from '../../kernel/db/schema/index.ts';

/** The one spelling of an identifier: emails trimmed and lower-cased, phones as '+digits' (contract/phone.ts). */
export function normaliseIdentifier(kind: IdentityHashKind, value: string): string {
  if (kind === 'email') return value.trim().toLowerCase();
  const phone = normalizePhone(value);
  if (phone === null) throw new Error('identityHash: not a phone number');
  return phone;
}

export function identityHash(secret: string, kind: IdentityHashKind, value: string): string {
  return createHmac('sha256', secret)
    .update(`${kind}:${normaliseIdentifier(kind, value)}`)
    .digest('hex');
}
