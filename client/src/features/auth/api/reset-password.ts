import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
  confirm_password: string;
}

/** The screen shows its own failure message, so the shared toast is off. */
export const resetPassword = (input: ResetPasswordInput) => api.post<unknown>(apiPaths.resetPasswordConfirm, input, { toastErrors: false });
