/** Limits of the likes module's lists. */

/** Most new matches (unseen match moments) the app is handed at once; the rest follow once these are seen. */
export const NEW_MATCHES_LIMIT = 20;
