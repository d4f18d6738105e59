/**
 * The credits module's public entry: the one way a chat-credit balance changes (the ledger, for
 * the purchase redirect and the credit-grants worker) and the chat-unlock messages.
 */
export { changeCredits, type CreditChange, grantPayment, type GrantOutcome } from './credit-ledger.ts';
export { CHAT_ACCESS_MESSAGES } from './chat-unlock.service.ts';
