/**
 * Tokens already verified, with their claims, until they expire. A member sends the same token
 * with every request; checking its HMAC again each time cost the busiest route (a chat send)
 * about 4% of the API's CPU. Only the signature check is remembered: the session row is still
 * read on every request, so sign-out and revocation end access at once.
 */
export interface VerifiedTokens<Claims> {
  /** The claims of `token`, verifying it (and remembering the answer) when it is not known yet. */
  claimsOf(token: string, verify: (token: string) => Claims & { exp?: number }): Claims;
}

/** Bounded: past `capacity` entries it starts over (a cheap bound; a miss only costs a verify). */
export function verifiedTokens<Claims>(capacity = 10_000, now = Date.now): VerifiedTokens<Claims> {
  const known = new Map<string, { claims: Claims; expiresAt: number }>();
  return {
    claimsOf(token, verify) {
      const hit = known.get(token);
      if (hit && hit.expiresAt > now()) return hit.claims;
      // Throws for a forged or expired token, which is then not remembered.
      const claims = verify(token);
      if (typeof claims.exp === 'number') {
        if (known.size >= capacity) known.clear();
        known.set(token, { claims, expiresAt: claims.exp * 1000 });
      }
      return claims;
    },
  };
}
