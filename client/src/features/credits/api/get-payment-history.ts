import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentItem {
  id: string;
  /** ISO date-time of the checkout. */
  date: string;
  credits: number;
  /** In currency units, e.g. 24.99. */
  amount: number;
  currency: string;
  status: PaymentStatus;
}

export interface HistoryResult {
  payments: PaymentItem[];
}

export const getPaymentHistory = () => api.get<HistoryResult>(apiPaths.paymentHistory);

export function usePaymentHistory() {
  return useSWR<HistoryResult>(apiPaths.paymentHistory, getPaymentHistory);
}
