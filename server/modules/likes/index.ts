/** The likes module's public entry: what a block needs to undo between two members. */
export { deleteLikesBetween } from './likes.queries.ts';
export { removeAllMatchesOf, removeMatch } from './likes.service.ts';
