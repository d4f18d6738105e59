import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearAuthStorage, getToken, storeToken } from './auth-storage.ts';
import { clearCache } from './cache.ts';

export interface AuthUser {
  id: number | string;
  username?: string;
  email?: string;
}

export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

interface AuthContextValue extends AuthState {
  setAuth: (token: string, user: AuthUser | null) => void;
  /** Removes the token, all local storage and all cached data. */
  clearAuth: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, token: null, isAuthenticated: false, isLoading: true });

  useEffect(() => {
    const token = getToken();
    setState({ user: null, token, isAuthenticated: Boolean(token), isLoading: false });
  }, []);

  const setAuth = useCallback((token: string, user: AuthUser | null) => {
    storeToken(token);
    setState({ user, token, isAuthenticated: true, isLoading: false });
  }, []);

  const clearAuth = useCallback(() => {
    clearAuthStorage();
    void clearCache();
    setState({ user: null, token: null, isAuthenticated: false, isLoading: false });
  }, []);

  const value = useMemo(() => ({ ...state, setAuth, clearAuth }), [state, setAuth, clearAuth]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
