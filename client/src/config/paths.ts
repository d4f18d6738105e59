/** The element id of an edit-screen section: 'Appearance & Health' -> 'section-appearance-health'. */
export function editSectionId(section: string): string {
  return `section-${section
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** Every client route and API path in one place (DESIGN.md rule 7). */
export const paths = {
  root: '/',
  signin: '/signin',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacy: '/privacy',
  terms: '/terms',
  home: '/home',
  likes: '/likes',
  matches: '/matches',
  profile: '/profile',
  profileEdit: '/profile/edit',
  /** A section of the edit screen by its title ('Appearance & Health'), as a fragment link. */
  profileEditSection: (section: string) => `/profile/edit#${editSectionId(section)}`,
  profileView: (profileId: string | number) => `/profile/${profileId}`,
  profileViewPattern: '/profile/:profileId',
  chat: (matchId: string | number) => `/chat/${matchId}`,
  chatPattern: '/chat/:matchId',
  credits: '/credits',
  /** The moderators' area (shown to moderators only; anyone else gets what an unknown URL gets). */
  moderation: '/moderation',
  moderationReport: (reportId: string | number) => `/moderation/reports/${reportId}`,
  /** Relative to /moderation: the area's routes are nested under it. */
  moderationReportChild: 'reports/:reportId',
  /** Statements of reasons and appeals; where a suspended or banned member is sent. */
  accountStanding: '/account/standing',
  /** The address the statement emails give (server statement-text.ts): leads to the above. */
  accountStatements: '/account/statements',
  moderationFaces: '/moderation/faces',
  moderationFacesChild: 'faces',
} as const;

/** API paths, relative to API_BASE. SWR keys are these strings, so one URL is one cache entry. */
export const apiPaths = {
  signin: '/signin/',
  signup: '/signup/',
  signout: '/signout/',
  requestPasswordReset: '/request-password-reset/',
  resetPasswordConfirm: '/reset-password-confirm/',
  myProfile: '/my_profile/',
  profile: (id: string | number) => `/profile/${id}/`,
  profiles: '/profiles/',
  filterProfiles: '/filter_profiles/',
  like: '/match/like/',
  block: (userId: string | number) => `/block/${userId}/`,
  unblock: (userId: string | number) => `/block/${userId}/unblock/`,
  blocked: '/blocked/',
  reports: '/reports/',
  likesReceived: '/match/likes_received/',
  likesSent: '/match/likes_sent/',
  matches: '/match/matches/',
  /** Matches whose "It's a match" moment I have not seen yet. */
  newMatches: '/match/new_matches/',
  /** Marks a match's moment seen (the id is the MATCH id). */
  matchSeen: (matchId: string | number) => `/match/new_matches/${matchId}/seen/`,
  profileUpdate: '/profile_update/',
  deleteProfile: '/profile/delete/',
  completeness: '/profile/completeness/',
  creditPackages: '/payments/packages/',
  createCheckout: '/payments/create-checkout/',
  purchaseCredits: '/match/purchase_chat_credits/',
  paymentHistory: '/payments/history/',
  /** The chat of a match (the id is the MATCH id): GET pages, POST sends. */
  chat: (matchId: string | number) => `/match/chat/${matchId}/`,
  chatRead: (matchId: string | number) => `/match/chat/${matchId}/read/`,
  chatSettings: '/chat/settings/',
  useChatCredit: '/match/use_chat_credit/',
  uploads: '/uploads/',
  uploadMultipart: (uploadId: string) => `/uploads/${uploadId}/multipart`,
  uploadMarkUploaded: (uploadId: string) => `/uploads/${uploadId}/mark_uploaded`,
  uploadStatus: (uploadId: string) => `/uploads/${uploadId}/status`,
  uploadLiveness: (uploadId: string) => `/uploads/${uploadId}/liveness/`,
  deletePhoto: (slot: number) => `/profile/photo/${slot}/delete/`,
  faceScanConfig: '/facetec/config/',
  faceScanVerify: '/facetec/verify/',
  /** Removes my like of a profile and any match with it (the id is the peer's PROFILE id). */
  unlike: (profileId: string | number) => `/match/unlike/${profileId}/`,
  /** Ends the match with a profile; both likes become passes (the id is the peer's PROFILE id). */
  unmatch: (profileId: string | number) => `/match/unmatch/${profileId}/`,
  /** City suggestions for a country (and US state) while a member types. */
  cities: '/cities/',
  /** The moderation queue: keyset pages (`cursor`, `limit`); 404 to anyone but a moderator. */
  moderationQueue: '/moderation/queue/',
  moderationReport: (reportId: string | number) => `/moderation/reports/${reportId}/`,
  moderationClaim: (reportId: string | number) => `/moderation/reports/${reportId}/claim/`,
  moderationDecide: (reportId: string | number) => `/moderation/reports/${reportId}/decide/`,
  /** My restriction and statements of reasons (answered to a restricted member too). */
  statements: '/statements/',
  appeal: (statementId: string | number) => `/statements/${statementId}/appeal/`,
  moderationAppeal: (reportId: string | number) => `/moderation/reports/${reportId}/appeal/`,
  /** Face prints matched with another account, waiting for a moderator (`cursor`, `limit`). */
  moderationFaces: '/moderation/faces/',
  moderationFaceDecide: (userId: string | number) => `/moderation/faces/${userId}/decide/`,
} as const;

export const API_BASE = '/api/v1';
export const REGIONS_URL = '/world_country_region.json';
export const PLACEHOLDER_PHOTO = '/placeholder-profile.svg';
