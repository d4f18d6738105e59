/**
 * Realtime for the whole app: one socket per signed-in tab (ws-client.ts), its pushes handed to
 * whichever components listen, and what a reconnect must refetch.
 *
 *   <RealtimeProvider>          connects while signed in; on 4001 signs the member out (or shows a restriction)
 *   useRealtimeEvent(type, fn)  fn(data, message) for every push of that type, once per push id
 *   useRealtimeStatus()         'connecting' | 'open' | 'closed'
 *   useRealtimeSend()           send({ type: 'typing', matchId }) -> false unless open
 *   useRealtimeReconnect(fn)    fn() after the socket reopens following a drop (refetch your data)
 *   <RealtimeUpdates />         the app-wide reactions: match moments, lists, live credit count
 *
 * Outside a provider the hooks are inert (status 'closed', send answers false).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { ClientMessage, PushData, PushMessage, PushType } from '@contract/realtime.ts';
import { apiPaths, paths } from '../config/paths.ts';
import { apiRequest } from './api-client.ts';
import { ApiError, ERROR_MESSAGES } from './api-errors.ts';
import { useAuth } from './auth.tsx';
import { getToken } from './auth-storage.ts';
import { refreshAfter, refreshCaches } from './cache.ts';
import { isRestrictedAnswer } from './restriction.ts';
import { matchMoments, requestMatchMomentsCheck } from './match-moments.ts';
import { type MatchesResult, withoutMatch } from './matches.ts';
import { toast } from './toast.ts';
import { browserNetwork, RealtimeClient, type RealtimeStatus, realtimeUrl } from './ws-client.ts';

export type { RealtimeStatus } from './ws-client.ts';

type Listener = (message: PushMessage) => void;

interface RealtimeApi {
  subscribe: (type: PushType, listener: Listener) => () => void;
  onReconnect: (listener: () => void) => () => void;
  send: (message: ClientMessage) => boolean;
}

const inertApi: RealtimeApi = { subscribe: () => () => {}, onReconnect: () => () => {}, send: () => false };
const RealtimeApiContext = createContext<RealtimeApi>(inertApi);
const RealtimeStatusContext = createContext<RealtimeStatus>('closed');

/**
 * What may have changed while the socket was down: the likes lists, the matches, the own profile
 * (its credit count) and the credits screen's data. Mounted SWR hooks refetch; the rest is
 * fetched when next shown.
 */
export function refreshAfterReconnect(): Promise<unknown> {
  return Promise.allSettled([
    refreshCaches(['likesReceived', 'likesSent', 'matches', 'myProfile']),
    mutate(apiPaths.creditPackages),
    mutate(apiPaths.paymentHistory),
  ]);
}

/** Connects only while signed in (a token in the auth state); one socket for the tab. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { token, clearAuth } = useAuth();
  const navigate = useNavigate();
  const [status, setStatus] = useState<RealtimeStatus>('closed');
  const listeners = useRef(new Map<PushType, Set<Listener>>());
  const reconnectListeners = useRef(new Set<() => void>());
  const client = useRef<RealtimeClient | null>(null);

  // The session ended on the server (4001): the same as a 401 from the API. A moderator's
  // suspension or ban closes the socket with 4001 too, yet the member stays signed in to read
  // and appeal: one read tells which, and the api client acts on its 401 or 403.
  const endSession = useRef(() => {});
  useLayoutEffect(() => {
    const signOut = () => {
      toast.error(ERROR_MESSAGES.sessionExpired);
      clearAuth();
      navigate(paths.signin, { replace: true });
    };
    endSession.current = () => {
      apiRequest(apiPaths.completeness, { toastErrors: false }).then(
        () => client.current?.start(),
        (error: unknown) => {
          const handled = error instanceof ApiError && (error.status === 401 || isRestrictedAnswer(error.status, error.body));
          if (!handled) signOut();
        },
      );
    };
  }, [clearAuth, navigate]);

  useEffect(() => {
    if (!token) return;
    const current = new RealtimeClient({
      url: realtimeUrl(window.location),
      // The stored token, as the API client sends it: cleared by a 401, the socket stops too.
      getToken,
      onPush: (message) => {
        for (const listener of [...(listeners.current.get(message.type) ?? [])]) {
          try {
            listener(message);
          } catch (error) {
            console.error('Realtime handler failed', message.type, error);
          }
        }
      },
      onStatus: setStatus,
      onOpen: ({ reconnected }) => {
        if (!reconnected) return;
        void refreshAfterReconnect();
        // A match made while the socket was down is shown now rather than on the next start.
        requestMatchMomentsCheck();
        for (const listener of [...reconnectListeners.current]) listener();
      },
      onSessionEnded: () => endSession.current(),
      network: browserNetwork(),
    });
    client.current = current;
    current.start();
    return () => {
      current.stop();
      if (client.current === current) client.current = null;
      setStatus('closed');
    };
  }, [token]);

  const api = useMemo<RealtimeApi>(
    () => ({
      subscribe(type, listener) {
        let set = listeners.current.get(type);
        if (!set) listeners.current.set(type, (set = new Set()));
        set.add(listener);
        return () => {
          set.delete(listener);
        };
      },
      onReconnect(listener) {
        reconnectListeners.current.add(listener);
        return () => {
          reconnectListeners.current.delete(listener);
        };
      },
      send: (message) => client.current?.send(message) ?? false,
    }),
    [],
  );

  return (
    <RealtimeApiContext.Provider value={api}>
      <RealtimeStatusContext.Provider value={status}>{children}</RealtimeStatusContext.Provider>
    </RealtimeApiContext.Provider>
  );
}

/** The latest value of `value`, for callbacks that must not resubscribe when it changes. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls handler for every push of that type (deduplicated by push id); the handler may change between renders without reconnecting. */
export function useRealtimeEvent<T extends PushType>(type: T, handler: (data: PushData[T], message: PushMessage<T>) => void): void {
  const { subscribe } = useContext(RealtimeApiContext);
  const latest = useLatest(handler);
  useEffect(
    () =>
      subscribe(type, (message) => {
        const typed = message as PushMessage<T>;
        latest.current(typed.data as PushData[T], typed);
      }),
    [type, subscribe, latest],
  );
}

export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeStatusContext);
}

/** Sends a client message (e.g. { type: 'typing', matchId }) when the socket is open; false otherwise. */
export function useRealtimeSend(): (message: ClientMessage) => boolean {
  return useContext(RealtimeApiContext).send;
}

/** Calls handler when the socket reopens after a drop (pushes may have been missed: refetch). */
export function useRealtimeReconnect(handler: () => void): void {
  const { onReconnect } = useContext(RealtimeApiContext);
  const latest = useLatest(handler);
  useEffect(() => onReconnect(() => latest.current()), [onReconnect, latest]);
}

// ---------------------------------------------------------------------------------------------
// The app-wide reactions to pushes.

type WithCredits = { chats?: number } | undefined;
type WithBalance = { current_credits: number } | undefined;

/** The balance the push carries, into the cached profile (header count) and packages (/credits), then refetched. */
function applyBalance(balance: number): void {
  void mutate<WithCredits>(apiPaths.myProfile, (profile) => (profile ? { ...profile, chats: balance } : profile));
  void mutate<WithBalance>(apiPaths.creditPackages, (packages) => (packages ? { ...packages, current_credits: balance } : packages));
  void mutate(apiPaths.paymentHistory);
}

/**
 * Mounted once inside the provider: match.created refreshes the likes and matches and asks for
 * the match moments still unseen (the moment itself shows once, whichever device or tab: the
 * server remembers who saw it); match.removed takes the match out of every list at once and
 * closes its moment if it was waiting; like.received refreshes the likes received;
 * credits.updated updates the header's credit count at once; chat.unlocked and chat.locked
 * refresh the matches.
 */
export function RealtimeUpdates() {
  const newestCredits = useRef('');

  useRealtimeEvent('match.created', () => {
    void refreshAfter('match');
    requestMatchMomentsCheck();
  });
  useRealtimeEvent('match.removed', (data) => {
    matchMoments.close(data.matchId);
    void mutate<MatchesResult>(apiPaths.matches, (list) => (list ? withoutMatch(list, data.matchId) : list), { revalidate: false });
    void refreshAfter('match');
  });
  useRealtimeEvent('like.received', () => {
    void refreshCaches(['likesReceived']);
  });
  useRealtimeEvent('credits.updated', (data) => {
    // Pushes can overtake each other; an older balance only triggers the refetch.
    if (data.changedAt >= newestCredits.current) {
      newestCredits.current = data.changedAt;
      applyBalance(data.balance);
    } else {
      void refreshCaches(['myProfile']);
      void mutate(apiPaths.creditPackages);
    }
  });
  const refreshMatches = useCallback(() => void refreshCaches(['matches']), []);
  useRealtimeEvent('chat.unlocked', refreshMatches);
  useRealtimeEvent('chat.locked', refreshMatches);
  return null;
}
