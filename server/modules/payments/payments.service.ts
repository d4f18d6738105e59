/**
 * What a member can buy: the credit packages at the operator's prices, with their balance. The
 * checkout, the grant and the ledger build on this (the amount charged is always read from here,
 * never from a request).
 */
import type { Static } from 'typebox';
import { CREDIT_PACKAGES } from '../../contract/credit-packages.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { callerRef } from '../members/index.ts';
import * as queries from './payments.queries.ts';
import type { PackagesResponse } from './payments.schemas.ts';

export type PaymentDeps = Pick<ServiceDeps, 'db' | 'config'>;

export function packagesFor(config: PaymentDeps['config']) {
  return CREDIT_PACKAGES.map(({ id, credits }) => ({
    id,
    credits,
    price: config.packagePricesCents[id] / 100,
    currency: config.paymentCurrency,
  }));
}

export async function listPackages(deps: PaymentDeps, userId: number): Promise<Static<typeof PackagesResponse>> {
  const me = await callerRef(deps.db, userId);
  return { packages: packagesFor(deps.config), current_credits: await queries.creditBalance(deps.db, me.profileId) };
}
