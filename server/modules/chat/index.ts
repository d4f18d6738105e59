/**
 * The chat module's public entry: what the matches list shows of each chat, and the send limit
 * (the chat benchmark paces itself by it).
 */
export { chatSummarySql, PREVIEW_LENGTH, UNREAD_CAP } from './chat-summary.queries.ts';
export { SEND_LIMIT } from './chat.rules.ts';
