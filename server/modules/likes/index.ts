/**
 * The likes module's public entry: what a block needs to undo between two members, the like
 * itself for the embedded default's demo members who like back (the workers' demo-likebacks handler), and
 * the pair's match for a profile view (which offers Message to a match).
 */
export { deleteLikesBetween, findMatchBetween } from './likes.queries.ts';
export { like, removeAllMatchesOf, removeMatch } from './likes.service.ts';
