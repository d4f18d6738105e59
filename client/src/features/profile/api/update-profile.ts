import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { Profile } from '@/types/api.ts';

/** PATCH the cleaned form; answers the saved own profile. The screen toasts failures itself. */
export const updateProfile = (patch: Record<string, unknown>) => api.patch<Profile>(apiPaths.profileUpdate, patch, { toastErrors: false });
