/**
 * Realtime for the whole app: one socket per signed-in tab (ws-client.ts), its pushes handed to
 * whichever components listen, and what a reconnect must refetch.
 *
 *   <RealtimeProvider>          connects while signed in; on 4001 signs the member out
 *   useRealtimeEvent(type, fn)  fn(data, message) for every push of that type, once per push id
 *   useRealtimeStatus()         'connecting' | 'open' | 'closed'
 *   useRealtimeSend()           send({ type: 'typing', matchId }) -> false unless open
 *   useRealtimeReconnect(fn)    fn() after the socket reopens following a drop (refetch your data)
 *   <RealtimeUpdates />         the app-wide reactions: match toast, lists, live credit count
 *
 * Outside a provider the hooks are inert (status 'closed', send answers false).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { ClientMessage, PushData, PushMessage, PushType } from '../../../server/contract/realtime.ts';
import { apiPaths, paths } from '../config/paths.ts';
import { ERROR_MESSAGES } from './api-errors.ts';
import { useAuth } from './auth.tsx';
import { getToken } from './auth-storage.ts';
import { refreshAfter, refreshCaches } from './cache.ts';
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

  // The session ended on the server (4001): the same as a 401 from the API.
  const endSession = useRef(() => {});
  useLayoutEffect(() => {
    endSession.current = () => {
      toast.error(ERROR_MESSAGES.sessionExpired);
      clearAuth();
      navigate(paths.signin, { replace: true });
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
// The member's own likes, so a match they made is toasted once.

/** How long a like of this tab explains a match push about the same profile. */
export const OWN_LIKE_WINDOW_MS = 15_000;

interface OwnLike {
  at: number;
  /** True when the like's answer said it made the match. */
  madeMatch: Promise<boolean>;
}

const ownLikes = new Map<string, OwnLike>();

/**
 * Records a like this tab is sending and answers the request unchanged. Every like the member
 * makes goes through it (useLikeProfile does): the like's own answer already toasts the match it
 * made, so the `match.created` push about the same profile must not toast again.
 */
export function trackOwnLike<R extends { match_created?: boolean } | null | undefined>(
  profileId: number | string,
  request: Promise<R>,
  now: number = Date.now(),
): Promise<R> {
  for (const [id, like] of ownLikes) if (now - like.at > OWN_LIKE_WINDOW_MS) ownLikes.delete(id);
  ownLikes.set(String(profileId), {
    at: now,
    madeMatch: request.then(
      (answer) => Boolean(answer?.match_created),
      () => false,
    ),
  });
  return request;
}

/** Whether this tab's own recent like of `peerProfileId` made the match (waits for its answer). */
export async function ownLikeMadeMatch(peerProfileId: number | string, now: number = Date.now()): Promise<boolean> {
  const like = ownLikes.get(String(peerProfileId));
  if (!like || now - like.at > OWN_LIKE_WINDOW_MS) return false;
  return like.madeMatch;
}

// ---------------------------------------------------------------------------------------------
// The app-wide reactions to pushes.

export const MATCH_CREATED_TOAST = 'Match created! 🎉';
export const MATCH_CREATED_TOAST_MS = 5_000;

type WithCredits = { chats?: number } | undefined;
type WithBalance = { current_credits: number } | undefined;

/** The balance the push carries, into the cached profile (header count) and packages (/credits), then refetched. */
function applyBalance(balance: number): void {
  void mutate<WithCredits>(apiPaths.myProfile, (profile) => (profile ? { ...profile, chats: balance } : profile));
  void mutate<WithBalance>(apiPaths.creditPackages, (packages) => (packages ? { ...packages, current_credits: balance } : packages));
  void mutate(apiPaths.paymentHistory);
}

/**
 * Mounted once inside the provider: match.created toasts (unless this tab's own like made the
 * match, whose answer toasted already) and refreshes the likes and matches; like.received refreshes
 * the likes received; credits.updated updates the header's credit count at once; chat.unlocked
 * and chat.locked refresh the matches.
 */
export function RealtimeUpdates() {
  const newestCredits = useRef('');

  useRealtimeEvent('match.created', (data) => {
    void refreshAfter('match');
    void ownLikeMadeMatch(data.peerProfileId).then((own) => {
      if (!own) toast.success(MATCH_CREATED_TOAST, MATCH_CREATED_TOAST_MS);
    });
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
