/**
 * The identities module's public entry: the identity record that recognises a returning member by
 * keyed hashes of their email and phone (README.md).
 */
export { identityHash, normaliseIdentifier, type IdentityHashKind } from './identity-hash.ts';
export {
  attachPhone,
  backfillIdentities,
  banIdentity,
  IDENTITY_MESSAGES,
  identityForSignup,
  liftIdentityBan,
} from './identities.service.ts';
