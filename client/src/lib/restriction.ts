/**
 * A suspended or banned member gets 403 `account_restricted` from nearly every route. Screens do
 * not handle it one by one: the api client hands it here, and the app (providers.tsx) registers
 * where to go instead, the account standing screen.
 */

/**
 * The contract's RESTRICTED_CODE (server/contract/restrictions.ts), spelled out rather than
 * imported: the bundler would put that module, with the appeal sentences the standing screen
 * uses, in the first-load chunk beside this. restriction.test.ts holds the two equal.
 */
export const RESTRICTED_CODE = 'account_restricted';

/** The answer is the restricted member's 403, not an ordinary refusal. */
export function isRestrictedAnswer(status: number | undefined, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === RESTRICTED_CODE;
}

let onRestricted: () => void = () => {};

/** The app registers what to do when the account turns out to be restricted. */
export function setRestrictedHandler(handler: () => void): void {
  onRestricted = handler;
}

export function reportRestricted(): void {
  onRestricted();
}
