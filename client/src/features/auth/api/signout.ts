import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/** Failure is only logged (part 1 section 8), so no toast. */
export const signout = () => api.post<unknown>(apiPaths.signout, undefined, { toastErrors: false });
