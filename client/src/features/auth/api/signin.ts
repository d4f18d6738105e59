import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { AuthResult } from '@/types/api.ts';

export interface SigninInput {
  username: string;
  password: string;
}

export const signin = (input: SigninInput) => api.post<AuthResult>(apiPaths.signin, input);
