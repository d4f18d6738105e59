import useSWR from 'swr';
import type { CreditPackageId } from '@contract/credit-packages.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface CreditPackage {
  id: CreditPackageId;
  credits: number;
  /** In currency units with two decimals, e.g. 24.99. */
  price: number;
  /** ISO code, lower case ('usd'); shown upper case. */
  currency: string;
}

export interface PackagesResult {
  packages: CreditPackage[];
  /** The member's chat-credit balance. */
  current_credits: number;
}

export const getPackages = () => api.get<PackagesResult>(apiPaths.creditPackages);

/** The packages and the balance, keyed by URL (the confirmation on return revalidates this key). */
export function usePackages() {
  return useSWR<PackagesResult>(apiPaths.creditPackages, getPackages);
}
