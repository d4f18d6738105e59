/**
 * The likes module's public entry: what a block needs to undo between two members, and the like
 * itself for the embedded default's demo members who like back (plugins/demo-likebacks.ts).
 */
export { deleteLikesBetween } from './likes.queries.ts';
export { like, removeAllMatchesOf, removeMatch } from './likes.service.ts';
