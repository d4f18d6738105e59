/**
 * Signing out and deleting the account, the two account actions a restricted member keeps. The
 * same calls as features/auth and features/profile make; written here because importing those
 * would tie this screen's chunk to the signed-in start's (where the build keeps the sign-out
 * call, with the whole shell and /home) and split the profile screen's delete call into a chunk
 * of its own. Failures are handled by the caller, so no error toast.
 */
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export const signOutCall = () => api.post<unknown>(apiPaths.signout, undefined, { toastErrors: false });

export const deleteAccountCall = () => api.post<unknown>(apiPaths.deleteProfile, undefined, { toastErrors: false });
