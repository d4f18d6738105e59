/** The token lives in localStorage under auth_token. */
export const AUTH_TOKEN_KEY = 'auth_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

/** Clearing auth removes the token and all local storage. */
export function clearAuthStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}
