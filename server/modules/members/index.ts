/** The members module's public entry: what every action between two members shares. */
export {
  type BlockState,
  blockStateBetween,
  RESTRICTED_ACCOUNTS_SQL,
  findMemberForShare as findMember,
  type MemberRef,
  notBlockedEitherWaySql,
  orderedPair,
  visibleToViewerSql,
} from './members.queries.ts';
export { callerRef, isVisibleTo, MEMBER_MESSAGES, openPair, openPairReading, type Pair, type PairOptions } from './members.service.ts';
export { ageOf } from './member-card.ts';
export { profileIdentity, PRIVATE_FIELDS, PublicProfileResponse } from './public-profile.schemas.ts';
export { type PublicProfile, toPublicProfile } from './public-profile.ts';
export { MATCH_NOT_FOUND, type OpenMatch, openMatchForChange, openMatchForMessage, openMatchForRead } from './open-match.ts';
