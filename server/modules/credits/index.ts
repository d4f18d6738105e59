/** The credits module's public entry: the chat-unlock rules other modules build on. */
export { CHAT_ACCESS_MESSAGES } from './chat-access.service.ts';
