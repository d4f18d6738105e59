import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Toaster } from 'sonner';
import { TOASTER_PROPS } from '../lib/toast.ts';
import { SWRConfig } from 'swr';
import { paths } from '../config/paths.ts';
import { setUnauthorizedHandler, swrFetcher } from '../lib/api-client.ts';
import { AuthProvider, useAuth } from '../lib/auth.tsx';

/** On a 401 the api client clears storage; this clears the React state and goes to /signin. */
function UnauthorizedBridge() {
  const { clearAuth } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearAuth();
      navigate(paths.signin, { replace: true });
    });
  }, [clearAuth, navigate]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher: swrFetcher,
        // The api client already retries reads with the spec's backoff; SWR must not add its own.
        shouldRetryOnError: false,
        revalidateOnFocus: false,
        dedupingInterval: 2000,
      }}
    >
      <AuthProvider>
        <UnauthorizedBridge />
        {/* The realtime socket belongs to the signed-in screens: routes/signed-in.tsx. */}
        {children}
        <Toaster {...TOASTER_PROPS} />
      </AuthProvider>
    </SWRConfig>
  );
}
