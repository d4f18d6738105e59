/**
 * The blocks module's public entry: what a block does, for another pair action that must have
 * the same effect (a report blocks both ways), inside that action's transaction and pair lock.
 */
export { BLOCK_MESSAGES, blockInside } from './blocks.service.ts';
