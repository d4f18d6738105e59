/**
 * Chat-credit packages as the server sells them and the client shows them: 1, 3, 5 or 7
 * credits, the largest flagged as the best value. Prices are the operator's (config), not fixed
 * here; they travel in cents so no sum is ever a float.
 */
export const CREDIT_PACKAGES = [
  { id: 'chat_1', credits: 1 },
  { id: 'chat_3', credits: 3 },
  { id: 'chat_5', credits: 5 },
  { id: 'chat_7', credits: 7 },
] as const;

export type CreditPackageId = (typeof CREDIT_PACKAGES)[number]['id'];
export const CREDIT_PACKAGE_IDS: readonly CreditPackageId[] = CREDIT_PACKAGES.map((p) => p.id);
export const BEST_VALUE_PACKAGE: CreditPackageId = 'chat_7';

/** Default prices in cents, package by package (USD 4.99, 12.99, 19.99, 24.99). */
export const DEFAULT_PACKAGE_PRICES_CENTS: Readonly<Record<CreditPackageId, number>> = {
  chat_1: 499,
  chat_3: 1299,
  chat_5: 1999,
  chat_7: 2499,
};
