import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { AuthResult } from '@/types/api.ts';

/** Without the shared toast: the form shows a refusal on its fields (signup-form.tsx). */
export const signup = (input: { username: string; email: string; password: string }) =>
  api.post<AuthResult>(
    apiPaths.signup,
    {
      username: input.username,
      email: input.email,
      password1: input.password,
      password2: input.password,
    },
    { toastErrors: false },
  );
