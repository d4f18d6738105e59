import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { requestToaster, subscribeToaster, toasterWanted } from '../lib/toast.ts';
import { SWRConfig } from 'swr';
import { paths } from '../config/paths.ts';
import { setUnauthorizedHandler, swrFetcher } from '../lib/api-client.ts';
import { AuthProvider, useAuth } from '../lib/auth.tsx';
import { setRestrictedHandler } from '../lib/restriction.ts';

/**
 * On a 401 the api client clears storage; this clears the React state and goes to /signin. On a
 * restricted account's 403 it goes to the standing screen, which sits outside the signed-in layout,
 * so leaving that layout also closes the realtime socket (whose upgrade is refused too).
 */
function UnauthorizedBridge() {
  const { clearAuth } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearAuth();
      navigate(paths.signin, { replace: true });
    });
    setRestrictedHandler(() => navigate(paths.accountStanding, { replace: true }));
  }, [clearAuth, navigate]);
  return null;
}

const ToasterHost = lazy(() => import('../lib/toaster-host.tsx'));

/** How long after the page's load the toaster waits for an idle moment before mounting anyway. */
const TOASTER_IDLE_TIMEOUT_MS = 2000;

/**
 * The toaster, mounted once the page has loaded and the browser is idle, so sonner never competes
 * with the first screen's downloads; a toast asked for earlier mounts it at once (lib/toast.ts).
 */
function DeferredToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted);
  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(requestToaster, { timeout: TOASTER_IDLE_TIMEOUT_MS })
        : window.setTimeout(requestToaster, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
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
        <DeferredToaster />
      </AuthProvider>
    </SWRConfig>
  );
}
